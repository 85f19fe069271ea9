/**
 * `npm run machines`: exports every machine under machines/ (files named `*Machine.ts`, every
 * exported state machine in them) to docs/machines/ so analysts can read each flow:
 *
 * - `<name>.json`: the definition as an XState config (states, transitions, guards, actions,
 *   delays and actors by name), for the Stately visualiser. Built from the state nodes rather
 *   than `machine.toJSON()`, which leaves out eventless (`always`) transitions and inline actions.
 * - `<name>.mmd`: a Mermaid `stateDiagram-v2` of the same definition.
 * - `README.md`: the list, with each diagram inline (GitHub renders Mermaid).
 *
 * `<name>` is the export's name without its `Machine` suffix (`carouselMachine` -> `carousel`).
 * The output depends only on the machine definitions, so tests/unit/machineDocs.test.ts can
 * check that the committed files are current.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
export const docsDir = join(projectRoot, 'docs', 'machines');

type MachineEntry = { name: string; source: string; machine: AnyStateMachine };
type Transition = AnyStateNode['transitions'] extends Map<string, Array<infer T>> ? T : never;
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every exported machine of every `machines/**\/*Machine.ts`, in a stable order. */
export async function discoverMachines(root: string = projectRoot): Promise<MachineEntry[]> {
  const machinesDir = join(root, 'machines');
  const files = (await readdir(machinesDir, { recursive: true }))
    .filter((file) => /Machine\.ts$/.test(file))
    .map((file) => file.split(sep).join('/'))
    .sort();
  const entries: MachineEntry[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(machinesDir, file)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (!(value instanceof StateMachine)) continue;
      entries.push({
        name: exportName.replace(/Machine$/, '') || exportName,
        source: `machines/${file}`,
        machine: value as AnyStateMachine,
      });
    }
  }
  const names = entries.map((e) => e.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`Two machines export the name ${duplicate}Machine`);
  return entries;
}

/* ---------- names of guards, actions, delays and actors ---------- */

function guardJson(guard: unknown): Json {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    // not(), and(), or() are functions carrying their operands.
    const operands = (guard as { guards?: unknown[] }).guards;
    if (operands) return { type: guard.name, guards: operands.map(guardJson) };
    return guard.name ? `${guard.name} (inline)` : '(inline guard)';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return '(guard)';
}

function guardText(guard: unknown): string {
  const json = guardJson(guard);
  const text = (g: Json): string =>
    typeof g === 'object' && g !== null && !Array.isArray(g)
      ? g.type === 'not'
        ? `not ${text((g.guards as Json[])[0] ?? '')}`
        : (g.guards as Json[]).map(text).join(` ${String(g.type)} `)
      : String(g);
  return text(json);
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && (typeof action === 'object' || typeof action === 'function')) {
    const type = (action as { type?: unknown }).type;
    if (typeof type === 'string') return type.replace(/^xstate\./, '');
  }
  return '(inline action)';
}

function actorName(src: unknown, id: string): string {
  return typeof src === 'string' ? src : id;
}

/** A delayed (`after`) transition's delay: milliseconds, or the name of a delay in setup(). */
function delayOf(t: Transition): number | string | undefined {
  return (t as { delay?: number | string }).delay;
}

/* ---------- JSON (an XState config) ---------- */

function transitionJson(t: Transition): Json {
  const out: { [key: string]: Json } = {};
  if (t.target?.length) out.target = t.target.map((node) => `#${node.id}`);
  if (t.guard) out.guard = guardJson(t.guard);
  if (t.actions.length) out.actions = t.actions.map(actionName);
  if (t.reenter) out.reenter = true;
  if (t.description) out.description = t.description;
  return out;
}

function invokeEvents(node: AnyStateNode): Map<string, { key: 'onDone' | 'onError'; invokeId: string }> {
  const events = new Map<string, { key: 'onDone' | 'onError'; invokeId: string }>();
  for (const inv of node.invoke) {
    events.set(`xstate.done.actor.${inv.id}`, { key: 'onDone', invokeId: inv.id });
    events.set(`xstate.error.actor.${inv.id}`, { key: 'onError', invokeId: inv.id });
  }
  return events;
}

function stateJson(node: AnyStateNode): Json {
  const out: { [key: string]: Json } = {};
  if (node.parent === undefined) out.id = node.id;
  if (node.type !== 'atomic' && node.type !== 'compound') out.type = node.type;
  if (node.description) out.description = node.description;
  if (node.tags.length) out.tags = [...node.tags];
  if (node.type === 'compound' && node.initial.target[0]) out.initial = node.initial.target[0].key;
  if (node.entry.length) out.entry = node.entry.map(actionName);
  if (node.exit.length) out.exit = node.exit.map(actionName);

  const fromInvoke = invokeEvents(node);
  if (node.invoke.length) {
    out.invoke = node.invoke.map((inv) => {
      const invoke: { [key: string]: Json } = { id: inv.id, src: actorName(inv.src, inv.id) };
      for (const [eventType, { key, invokeId }] of fromInvoke) {
        const ts = node.transitions.get(eventType);
        if (invokeId === inv.id && ts?.length) invoke[key] = ts.map(transitionJson);
      }
      return invoke;
    });
  }

  const after: { [key: string]: Json } = {};
  for (const t of node.after) {
    const key = String(delayOf(t));
    after[key] = [...((after[key] as Json[] | undefined) ?? []), transitionJson(t)];
  }
  if (Object.keys(after).length) out.after = after;
  if (node.always?.length) out.always = node.always.map(transitionJson);

  const on: { [key: string]: Json } = {};
  for (const [eventType, ts] of node.transitions) {
    if (fromInvoke.has(eventType) || eventType.startsWith('xstate.after.')) continue;
    on[eventType] = ts.map(transitionJson);
  }
  if (Object.keys(on).length) out.on = on;

  const children = Object.entries(node.states as Record<string, AnyStateNode>);
  if (children.length) out.states = Object.fromEntries(children.map(([key, child]) => [key, stateJson(child)]));
  return out;
}

export function machineToJson(machine: AnyStateMachine): Json {
  return stateJson(machine.root);
}

/* ---------- Mermaid ---------- */

/** Mermaid ids: letters, digits and `_`; nested states are prefixed by their parents' keys. */
function mermaidId(node: AnyStateNode): string {
  const parts = node.path.length === 0 ? [node.id] : node.path;
  return parts.map((key) => key.replace(/[^A-Za-z0-9_]/g, '_')).join('__');
}

/** Mermaid's state grammar ends a label at `:` or `;`, and `%%` starts a comment. */
function mermaidText(text: string): string {
  return text.replace(/:/g, ' -').replace(/;/g, ',').replace(/%%/g, '%').replace(/\s+/g, ' ').trim();
}

function transitionLabel(trigger: string, t: Transition): string {
  let label = trigger;
  if (t.guard) label += ` [${guardText(t.guard)}]`;
  if (t.actions.length) label += ` / ${t.actions.map(actionName).join(', ')}`;
  return mermaidText(label);
}

function triggerText(node: AnyStateNode, eventType: string, t: Transition): string {
  const delay = delayOf(t);
  if (delay !== undefined) return typeof delay === 'number' ? `after ${delay} ms` : `after ${delay}`;
  const invoke = invokeEvents(node).get(eventType);
  if (invoke) {
    const inv = node.invoke.find((i) => i.id === invoke.invokeId);
    const actor = inv ? actorName(inv.src, inv.id) : invoke.invokeId;
    return `${actor} ${invoke.key === 'onDone' ? 'done' : 'failed'}`;
  }
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/** Every transition of a node, with the text that triggers it; `always` ones last. */
function transitionsOf(node: AnyStateNode): Array<{ trigger: string; t: Transition }> {
  const list: Array<{ trigger: string; t: Transition }> = [];
  for (const [eventType, ts] of node.transitions) {
    for (const t of ts) list.push({ trigger: triggerText(node, eventType, t), t });
  }
  for (const t of node.always ?? []) list.push({ trigger: 'always', t });
  return list;
}

function mermaidState(node: AnyStateNode, indent: string, lines: string[]): void {
  const id = mermaidId(node);
  const children = Object.values(node.states as Record<string, AnyStateNode>);

  // A nested state's id carries its parents' keys; it is shown by its own key.
  const declaration = node.parent !== undefined && id !== node.key ? `state "${mermaidText(node.key)}" as ${id}` : `state ${id}`;
  if (children.length) {
    lines.push(`${indent}${declaration} {`);
    const inner = `${indent}  `;
    if (node.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) lines.push(`${inner}--`);
        mermaidState(child, inner, lines);
      });
    } else {
      const initial = node.initial.target[0];
      if (initial) lines.push(`${inner}[*] --> ${mermaidId(initial)}`);
      for (const child of children) mermaidState(child, inner, lines);
    }
    lines.push(`${indent}}`);
  } else {
    lines.push(`${indent}${declaration}`); // so a state with no transitions and no description still shows
  }

  // What a state is: its description, tags, actors and internal (targetless) transitions,
  // written inside its box. The root's go in a note, with its transitions that have a target:
  // Mermaid draws no arrow from a box to a state inside it.
  const isRoot = node.parent === undefined;
  const about: string[] = [];
  if (node.description) about.push(mermaidText(node.description));
  if (node.tags.length) about.push(`${node.tags.length > 1 ? 'tags' : 'tag'} ${node.tags.join(', ')}`);
  for (const inv of node.invoke) about.push(`invokes ${actorName(inv.src, inv.id)}`);
  const inEveryState: string[] = [];
  for (const { trigger, t } of transitionsOf(node)) {
    const label = transitionLabel(trigger, t);
    if (!t.target?.length) (isRoot ? inEveryState : about).push(`on ${label}`);
    else if (isRoot) inEveryState.push(`on ${label} go to ${t.target.map((n) => mermaidText(n.key)).join(', ')}`);
  }
  if (inEveryState.length) about.push('In every state', ...inEveryState);
  if (isRoot) {
    if (about.length) {
      lines.push(`${indent}note right of ${id}`);
      for (const line of about) lines.push(`${indent}  ${line}`);
      lines.push(`${indent}end note`);
    }
    return;
  }
  for (const line of about) lines.push(`${indent}${id} : ${line}`);

  for (const { trigger, t } of transitionsOf(node)) {
    for (const target of t.target ?? []) {
      lines.push(`${indent}${id} --> ${mermaidId(target)} : ${transitionLabel(trigger, t)}`);
    }
  }
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
}

export function machineToMermaid(machine: AnyStateMachine, source: string): string {
  const lines = ['stateDiagram-v2', `  %% ${source}, exported by npm run machines: do not edit`];
  // The root is drawn as a box named after the machine, holding its states.
  lines.push(`  [*] --> ${mermaidId(machine.root)}`);
  mermaidState(machine.root, '  ', lines);
  return `${lines.join('\n')}\n`;
}

/* ---------- the files ---------- */

/** Every file the export writes, by name inside docs/machines, with its content. */
export async function renderMachineDocs(root: string = projectRoot): Promise<Map<string, string>> {
  const entries = await discoverMachines(root);
  const files = new Map<string, string>();
  for (const { name, source, machine } of entries) {
    files.set(`${name}.json`, `${JSON.stringify(machineToJson(machine), null, 2)}\n`);
    files.set(`${name}.mmd`, machineToMermaid(machine, source));
  }
  files.set('README.md', readme(entries, files));
  return files;
}

function readme(entries: MachineEntry[], files: Map<string, string>): string {
  const out = [
    '# Machines',
    '',
    'The XState machines of the portal, exported by `npm run machines` (scripts/export-machines.ts).',
    'Do not edit these files: change the machine and run the export again; a unit test fails while',
    'they are out of date.',
    '',
    'Each machine has a `.json` file, its definition as an XState config with guards, actions, delays and',
    'actors by name (paste it into the Stately visualiser as `createMachine(<json>)`), and a `.mmd` file,',
    'a Mermaid statechart of the same definition, also shown below.',
    '',
    '| Machine | Source | States | Files |',
    '|---|---|---|---|',
  ];
  for (const { name, source, machine } of entries) {
    const states = Object.keys(machine.root.states).join(', ');
    out.push(`| ${name} | [${source}](../../${source}) | ${states} | [${name}.json](${name}.json), [${name}.mmd](${name}.mmd) |`);
  }
  for (const { name, machine } of entries) {
    out.push('', `## ${name}`, '');
    if (machine.root.description) out.push(machine.root.description, '');
    out.push('```mermaid', (files.get(`${name}.mmd`) ?? '').trimEnd(), '```');
  }
  return `${out.join('\n')}\n`;
}

async function main(): Promise<void> {
  const files = await renderMachineDocs();
  await mkdir(docsDir, { recursive: true });
  // A machine that was removed or renamed must not leave its old export behind.
  for (const file of await readdir(docsDir)) {
    if (/\.(json|mmd)$/.test(file) && !files.has(file)) await rm(join(docsDir, file));
  }
  for (const [file, content] of files) {
    const path = join(docsDir, file);
    const current = await readFile(path, 'utf8').catch(() => null);
    if (current !== content) await writeFile(path, content);
  }
  console.log(`docs/machines: ${[...files.keys()].join(', ')}`);
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
