/**
 * Paths through a test model that take every one of its transitions, self-loops included (simple
 * and shortest paths never take a transition that returns to a state already visited): for each
 * transition, the shortest way to its source state, then that transition. For models without
 * context, whose states are told apart by their value alone.
 */
import type { EventObject, Snapshot } from 'xstate';
import type { TestModel, TestPath } from 'xstate/graph';

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
