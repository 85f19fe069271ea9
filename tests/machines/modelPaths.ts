/**
 * Paths through a test model that take every one of its transitions, self-loops included (simple
 * and shortest paths never take a transition that returns to a state already visited): for each
 * transition, the shortest way to its source state, then that transition. For models without
 * context, whose states are told apart by their value alone.
 */
import { describe, it } from 'vitest';
import type { EventObject, Snapshot } from 'xstate';
import type { TestModel, TestParam, TestPath } from 'xstate/graph';
import { walkingPath, writeWalkAfterAll } from './pathCoverage.js';

type ModelSnapshot = Snapshot<unknown> & { value: unknown };

export function pathsTakingEveryTransition<TSnapshot extends ModelSnapshot, TEvent extends EventObject>(
  testModel: TestModel<TSnapshot, TEvent, unknown>,
): Array<TestPath<TSnapshot, TEvent>> {
  const adjacency = Object.values(testModel.getAdjacencyMap());
  const initial = adjacency[0];
  if (!initial) return [];
  const key = (snapshot: TSnapshot) => JSON.stringify(snapshot.value);

  // Every transition out of each state, once.
  const outgoing = new Map<string, Map<string, { event: TEvent; state: TSnapshot }>>();
  for (const { state, transitions } of adjacency) {
    const out = outgoing.get(key(state)) ?? new Map<string, { event: TEvent; state: TSnapshot }>();
    const entries = Object.entries(transitions) as Array<[string, { event: TEvent; state: TSnapshot }]>;
    for (const [eventKey, transition] of entries) out.set(eventKey, transition);
    outgoing.set(key(state), out);
  }

  // The shortest events to each state (breadth first).
  const toState = new Map<string, TEvent[]>([[key(initial.state), []]]);
  const queue = [key(initial.state)];
  while (queue.length > 0) {
    const from = queue.shift() as string;
    for (const { event, state } of outgoing.get(from)?.values() ?? []) {
      if (toState.has(key(state))) continue;
      toState.set(key(state), [...(toState.get(from) ?? []), event]);
      queue.push(key(state));
    }
  }

  const paths: Array<TestPath<TSnapshot, TEvent>> = [];
  for (const [from, out] of outgoing) {
    for (const { event } of out.values()) {
      const [path] = testModel.getPathsFromEvents([...(toState.get(from) ?? []), event]);
      if (path) paths.push(path);
    }
  }
  return paths;
}

/** "State event" for every transition a flat model declares (its top-level states' `on`). */
export function declaredTransitions(model: { config: { states?: Record<string, { on?: object } | undefined> } }): string[] {
  return Object.entries(model.config.states ?? {}).flatMap(([state, node]) => Object.keys(node?.on ?? {}).map((event) => `${state} ${event}`));
}

/** "State event" for the transition each path ends with: compare with declaredTransitions. */
export function takenTransitions(paths: ReadonlyArray<{ steps: ReadonlyArray<{ state: { value: unknown }; event: EventObject }> }>): Set<string> {
  return new Set(paths.map((p) => `${String(p.steps.at(-2)?.state.value)} ${p.steps.at(-1)?.event.type}`));
}

/**
 * For models with nested states (told apart by their whole value): "value event" for every
 * transition the test model can take, and for the transition each path ends with.
 */
export function modelTransitions<TSnapshot extends ModelSnapshot, TEvent extends EventObject>(testModel: TestModel<TSnapshot, TEvent, unknown>): Set<string> {
  return new Set(
    Object.values(testModel.getAdjacencyMap()).flatMap(({ state, transitions }) =>
      (Object.values(transitions) as Array<{ event: TEvent }>).map(({ event }) => `${JSON.stringify(state.value)} ${event.type}`),
    ),
  );
}

export function pathEndings(paths: ReadonlyArray<{ steps: ReadonlyArray<{ state: { value: unknown }; event: EventObject }> }>): Set<string> {
  return new Set(paths.map((p) => `${JSON.stringify(p.steps.at(-2)?.state.value)} ${p.steps.at(-1)?.event.type}`));
}

/** What a path test drives: the model's state checks and event executors, and how to stop the real actor afterwards. */
export type PathHarness<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> = TestParam<TSnapshot, TEvent> & { stop: () => void };

/** One test per path, in a describe per group, each with a fresh harness that is stopped afterwards. */
export function testPaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  groups: Record<string, ReadonlyArray<TestPath<TSnapshot, TEvent>>>,
  harness: () => PathHarness<TSnapshot, TEvent>,
): void {
  writeWalkAfterAll();
  for (const [name, paths] of Object.entries(groups)) {
    describe(name, () => {
      for (const path of paths) {
        it(path.description, async () => {
          await walkingPath(async () => {
            const { stop, events, states } = harness();
            try {
              await path.test({ events, states });
            } finally {
              stop();
            }
          });
        });
      }
    });
  }
}
