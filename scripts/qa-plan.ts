// `npm run qa:plan -- <machine>`: prints the paths a machine's model test generates as numbered plain-language
// steps (what happens, the state the machine must be in, what the player must see), and the state and
// transition coverage those paths reach. A tester can walk the same steps by hand in the running site.
//
// The plan comes from the test itself, so it never drifts from what CI runs: the machine's model test
// (tests/machines/<same path>.test.ts) is imported with 'vitest' and the model helper swapped for recorders
// (tests/qa/capture-hooks.mjs), its `describeModel` calls give the graphs' inputs, events and the harness,
// and the paths are built by tests/support/model-paths.ts (`modelGraph`) and replayed (`replayAll`) exactly
// as in the test, only without assertions.
//
//   npm run qa:plan -- socket            a machine by its file name (machines/socket.machine.ts)
//   npm run qa:plan -- home-content      machines/home/home-content.machine.ts (also: home, home/home-content)
//   npm run qa:plan -- wallet            machines/wallet/deposit-warning.machine.ts
//   npm run qa:plan -- --list            every machine it knows
//   npm run qa:plan -- theme --graph 2   one graph only; --path 3: one path only; --summary: coverage only
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { CapturedModel } from '../tests/qa/capture-model.ts';
import type * as ModelPaths from '../tests/support/model-paths.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

register(pathToFileURL(join(ROOT, 'tests/qa/capture-hooks.mjs')).href);

// The model helper itself (built and replayed exactly as the tests do).
const helpers = (await import('../tests/support/model-paths.ts')) as typeof ModelPaths &
  Record<string, unknown>;
const { modelGraph, replayAll, mergeCoverage, coverageReport, describeEvent } = helpers;
type ModelGraph = ReturnType<typeof modelGraph>;
type Harness = Parameters<typeof replayAll>[1];

// ───────────────────────────── which machine ─────────────────────────────

interface MachineEntry {
  /** `socket`, `home/home-content` */
  id: string;
  file: string;
  test: string;
}

function machineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(full);
    return entry.name.endsWith('.machine.ts') ? [full] : [];
  });
}

/** Every machine of machines/ with the model test beside it in tests/machines/. */
function registry(): MachineEntry[] {
  return machineFiles(join(ROOT, 'machines'))
    .map((file) => {
      const rel = relative(join(ROOT, 'machines'), file).replace(/\.machine\.ts$/, '');
      return {
        id: rel.split('\\').join('/'),
        file,
        test: join(ROOT, 'tests/machines', `${rel}.machine.test.ts`),
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** `socket`, `socket.machine`, `home-content`, `home/home-content`, or an area folder with one machine (`home`). */
function find(name: string, all: MachineEntry[]): MachineEntry | undefined {
  const wanted = name.replace(/\.machine(\.ts)?$/, '').replace(/^machines\//, '');
  return (
    all.find((m) => m.id === wanted) ??
    all.find((m) => m.id.split('/').at(-1) === wanted) ??
    (() => {
      const inFolder = all.filter((m) => m.id.startsWith(`${wanted}/`));
      return inFolder.length === 1 ? inFolder[0] : undefined;
    })()
  );
}

// ───────────────────────────── plain language ─────────────────────────────

const AFTER = 'xstate.after.';
const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

function short(value: unknown, max = 100): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What the tester does (or waits for) to cause the step. */
function sayEvent(event: AnyEventObject, harness: Harness, before: AnyMachineSnapshot | undefined): string {
  const { type, ...rest } = event;
  if (type.startsWith(AFTER)) {
    const delay = type.slice(AFTER.length).split('.')[0] ?? '';
    const given = /^\d+$/.test(delay) ? Number(delay) : harness.delays?.[delay];
    let ms: string;
    if (typeof given === 'number') ms = `${given} ms`;
    else if (typeof given === 'function' && before) ms = `${given(before)} ms`;
    else ms = 'the delay';
    return `wait ${ms}${/^\d+$/.test(delay) ? '' : ` (delay '${delay}')`}`;
  }
  if (type.startsWith(DONE))
    return `the call '${type.slice(DONE.length)}' answers ${short((rest as { output?: unknown }).output)}`;
  if (type.startsWith(ERROR))
    return `the call '${type.slice(ERROR.length)}' fails (${String((rest as { error?: unknown }).error)})`;
  return Object.keys(rest).length ? `send ${type} ${short(rest)}` : `send ${type}`;
}

/** The state value as the tests write it: `a.b`, parallel leaves joined by ` | `. */
function stateKeyOf(value: unknown): string {
  if (typeof helpers['stateKey'] === 'function')
    return (helpers['stateKey'] as (v: unknown) => string)(value);
  const leaves = (v: unknown, prefix: string): string[] => {
    if (typeof v === 'string') return [prefix + v];
    const entries = Object.entries((v ?? {}) as Record<string, unknown>);
    if (entries.length === 0) return [prefix.replace(/\.$/, '')];
    return entries.flatMap(([k, x]) => leaves(x, `${prefix}${k}.`));
  };
  return leaves(value, '').join(' | ');
}

type OracleLike = ((...args: never[]) => unknown) & { see?: unknown; description?: unknown };

function oracleOf(harness: Harness, leaf: string): OracleLike | undefined {
  const oracles = (harness as { oracles?: Record<string, OracleLike> }).oracles;
  return oracles?.[leaf];
}

function metaText(node: AnyStateNode | undefined): string | undefined {
  if (!node) return undefined;
  const meta = node.meta as unknown;
  if (typeof meta === 'string') return meta;
  if (meta && typeof meta === 'object') {
    const m = meta as Record<string, unknown>;
    for (const key of ['see', 'oracle', 'player', 'description'])
      if (typeof m[key] === 'string') return m[key] as string;
  }
  return node.description ?? undefined;
}

/** A one-line rendering of an oracle that carries no text: its (transpiled) source, shortened. */
function oracleSource(oracle: OracleLike): string {
  const source = Function.prototype.toString.call(oracle).replace(/\s+/g, ' ').trim();
  return source.length > 160 ? `${source.slice(0, 159)}…` : source;
}

/** The test file's source, read once per plan: oracles written without `see(...)` are read from their comments. */
let testSource = '';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The comment block (`//` lines or a `/** … *\/` block) just above line `at` of `lines`, as one line of text. */
function commentAbove(lines: string[], at: number): string | undefined {
  const comment: string[] = [];
  for (let j = at - 1; j >= 0 && /^\s*(\/\/|\/\*\*?|\*)/.test(lines[j]!); j--) {
    const text = lines[j]!.replace(/^\s*(\/\/|\/\*\*?|\*\/|\*)\s?/, '').replace(/\*\/\s*$/, '');
    if (text.trim()) comment.unshift(text.trim());
  }
  return comment.length ? comment.join(' ') : undefined;
}

/**
 * The comment that says what an oracle checks, from the test's source: the comment above its key in
 * `oracles: { … }` (`watching: (…) => …`, `'a.b': …`), else, for `key: makeOracle(…)`, the comment above
 * `function makeOracle` / `const makeOracle`.
 */
function oracleComment(leaf: string): string | undefined {
  const start = testSource.indexOf('oracles');
  if (start < 0) return undefined;
  const lines = testSource.split('\n');
  const q = escapeRegExp(leaf);
  const key = new RegExp(`(^|[{,\\s])(?:'${q}'|"${q}"|${q})\\s*:\\s*(.*)$`);
  const first = testSource.slice(0, start).split('\n').length - 1;
  for (let i = first; i < lines.length; i++) {
    const match = key.exec(lines[i]!);
    if (!match) continue;
    const atLineStart = lines[i]!.slice(0, match.index + match[1]!.length).trim() === '';
    const above = atLineStart ? commentAbove(lines, i) : undefined;
    if (above) return above;
    const maker = /^([A-Za-z_$][\w$]*)\s*\(/.exec(match[2] ?? '')?.[1];
    if (maker) {
      const decl = new RegExp(`^\\s*(export\\s+)?(function\\s+${maker}\\b|const\\s+${maker}\\s*=)`);
      const at = lines.findIndex((line) => decl.test(line));
      if (at >= 0) return commentAbove(lines, at);
    }
    return undefined;
  }
  return undefined;
}

/**
 * What the player must see in each active leaf: the oracle's own text (`see(...)`), else the comment above
 * the oracle in the test, else the state's meta or description, else the oracle's code.
 */
function saySees(snapshot: AnyMachineSnapshot, key: string, harness: Harness): string[] {
  const nodes = new Map<string, AnyStateNode>();
  for (const node of snapshot._nodes as AnyStateNode[]) nodes.set(node.path.join('.'), node);
  return key.split(' | ').map((leaf) => {
    const oracle = oracleOf(harness, leaf);
    const text =
      (typeof oracle?.see === 'string' ? oracle.see : undefined) ??
      (typeof oracle?.description === 'string' ? oracle.description : undefined) ??
      (oracle ? oracleComment(leaf) : undefined) ??
      metaText(nodes.get(leaf)) ??
      (oracle
        ? `(oracle without text) ${oracleSource(oracle)}`
        : '(no oracle, meta or description for this state)');
    return `${leaf}: ${text}`;
  });
}

/** The expected state from the test's own transition table (the spec), when the harness has one. */
function tableSays(
  harness: Harness,
  args: {
    event: AnyEventObject;
    previous: AnyMachineSnapshot;
    from: string;
    history: AnyEventObject[];
    input: unknown;
  },
  index: number,
): string | undefined {
  const h = harness as { initial?: unknown; transitions?: unknown };
  try {
    if (index === 0) {
      if (typeof h.initial === 'function') return (h.initial as (input: unknown) => string)(args.input);
      return typeof h.initial === 'string' ? h.initial : undefined;
    }
    if (h.transitions === undefined || typeof helpers['expectedState'] !== 'function') return undefined;
    return (helpers['expectedState'] as (h: Harness, a: typeof args) => string)(harness, args);
  } catch (error) {
    return `(the table has no answer: ${error instanceof Error ? error.message : String(error)})`;
  }
}

function sayEffects(step: ModelGraph['paths'][number]['steps'][number]): string | undefined {
  const parts = [
    ...step.effects.actions.map((a) =>
      a.params === undefined ? a.name : `${a.name} ${short(a.params, 80)}`,
    ),
    ...step.effects.emitted.map((e) => `emits ${describeEvent(e)}`),
  ];
  return parts.length ? parts.join('; ') : undefined;
}

// ───────────────────────────── the plan ─────────────────────────────

interface Options {
  graph?: number;
  path?: number;
  summary: boolean;
}

function printGraph(model: CapturedModel, graph: ModelGraph, g: number, options: Options): void {
  const { harness } = model;
  console.log(`\n── graph ${g}: "${graph.name}" · input ${short(graph.input, 200)}`);
  console.log(
    `   ${graph.vertices.length} graph states, ${graph.edges.length} graph edges, ${graph.paths.length} paths`,
  );
  if (options.summary) return;
  graph.paths.forEach((path, p) => {
    if (options.path !== undefined && options.path !== p + 1) return;
    console.log(`\n   path ${g}.${p + 1} (${path.steps.length - 1} steps)`);
    let from = '';
    const seenAt = new Map<string, number>();
    const history: AnyEventObject[] = [];
    path.steps.forEach((step, i) => {
      const previous = path.steps[i - 1]?.state ?? step.state;
      if (i > 0) history.push(step.event);
      const machineKey = stateKeyOf(step.state.value);
      const spec = tableSays(
        harness,
        { event: step.event, previous, from, history: [...history], input: graph.input },
        i,
      );
      const expected = spec ?? machineKey;
      from = spec && !spec.startsWith('(') ? spec : machineKey;
      const action =
        i === 0
          ? `open the page (start with input ${short(graph.input, 120)})`
          : sayEvent(step.event, harness, previous);
      const n = `${i + 1}.`.padEnd(4);
      console.log(`   ${n}${action}`);
      console.log(`       expected state: ${expected}`);
      if (spec !== undefined && spec !== machineKey)
        console.log(`       !! the machine goes to ${machineKey}, the test's table says ${spec}`);
      for (const line of saySees(step.state, expected.startsWith('(') ? machineKey : expected, harness)) {
        // The same text as a step before: name the step instead of repeating it.
        const earlier = seenAt.get(line);
        const leaf = line.slice(0, line.indexOf(': '));
        console.log(`       the player sees: ${earlier ? `${leaf}: as in step ${earlier}` : line}`);
        if (!earlier) seenAt.set(line, i + 1);
      }
      const effects = sayEffects(step);
      if (effects) console.log(`       effects: ${effects}`);
    });
  });
}

async function plan(entry: MachineEntry, options: Options): Promise<void> {
  console.log(`qa plan · ${entry.id} (${relative(ROOT, entry.file)})`);
  let models: CapturedModel[] = [];
  if (existsSync(entry.test)) {
    const { capturedModels } = await import('../tests/qa/capture-model.ts');
    const before = capturedModels().length;
    await import(pathToFileURL(entry.test).href);
    testSource = readFileSync(entry.test, 'utf8');
    models = capturedModels().slice(before);
    console.log(`model test: ${relative(ROOT, entry.test)}`);
  }
  if (models.length === 0) {
    console.log(
      `no model test declares this machine (expected ${relative(ROOT, entry.test)} with describeModel)`,
    );
    await fallback(entry);
    return;
  }
  for (const model of models) {
    console.log(`\n═══ model "${model.title}": ${model.graphOptions.length} graph(s)`);
    const graphs = model.graphOptions.map((o) => modelGraph(model.machine, o));
    graphs.forEach((graph, i) => {
      if (options.graph === undefined || options.graph === i + 1) printGraph(model, graph, i + 1, options);
    });
    await printCoverage(model.machine, graphs, model.harness, model.title);
  }
}

async function printCoverage(
  machine: AnyStateMachine,
  graphs: ModelGraph[],
  harness: Harness,
  title: string,
) {
  let source = 'replayed against a real actor, without assertions';
  let coverage;
  try {
    // Replayed for coverage only: the test's own table and oracles are left out (they are the test's business;
    // the plan above already shows where the table has no answer), so a gap there does not hide the coverage.
    const lenient = {
      ...harness,
      initial: () => '',
      transitions: () => '',
      oracles: new Proxy({}, { get: () => () => {} }),
    } as Harness;
    coverage = mergeCoverage(...(await Promise.all(graphs.map((g) => replayAll(g, lenient)))));
  } catch (error) {
    // A replay that throws (e.g. a missing oracle) still leaves the states the graphs reach.
    source = `graph states only: the replay stopped (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    coverage = helpers.emptyCoverage();
    for (const graph of graphs)
      for (const path of graph.paths)
        for (const step of path.steps)
          for (const node of step.state._nodes as AnyStateNode[]) coverage.states.add(node.id);
  }
  const report = coverageReport(machine, graphs, coverage);
  console.log(`\n── coverage of "${title}" (${source})`);
  console.log(`   state nodes: ${report.states.covered}/${report.states.total}`);
  for (const s of report.states.missing) console.log(`     not reached: ${s}`);
  console.log(`   transitions: ${report.transitions.covered}/${report.transitions.total}`);
  for (const t of report.transitions.missing) console.log(`     not taken: ${t}`);
}

/** No model test: a graph of the machine's own event types (no payloads, no input), clearly labelled. */
async function fallback(entry: MachineEntry): Promise<void> {
  const mod = (await import(pathToFileURL(entry.file).href)) as Record<string, unknown>;
  const machine = Object.values(mod).find(
    (v): v is AnyStateMachine => typeof v === 'object' && v !== null && 'root' in v && 'provide' in v,
  );
  if (!machine) throw new Error(`${entry.id}: no machine exported by ${relative(ROOT, entry.file)}`);
  const types = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)])
    for (const t of node.ownEvents) if (!t.includes('*') && !t.startsWith('xstate.')) types.add(t);
  const events = [...types].map((type) => ({ type }));
  console.log(`fallback: the machine's own ${events.length} event types, without payloads or input`);
  const graph = modelGraph(machine, { name: 'own events', input: undefined as never, events });
  const harness = { logic: () => machine } as unknown as Harness;
  printGraph({ title: entry.id, machine, graphOptions: [], harness }, graph, 1, { summary: false });
}

// ───────────────────────────── command line ─────────────────────────────

function parse(argv: string[]): { names: string[]; list: boolean; options: Options } {
  const names: string[] = [];
  const options: Options = { summary: false };
  let list = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--list') list = true;
    else if (arg === '--summary') options.summary = true;
    else if (arg === '--graph') options.graph = Number(argv[++i]);
    else if (arg === '--path') options.path = Number(argv[++i]);
    else names.push(arg);
  }
  return { names, list, options };
}

const all = registry();
const { names, list, options } = parse(process.argv.slice(2));
if (list || names.length === 0) {
  console.log('usage: npm run qa:plan -- <machine> [--graph N] [--path N] [--summary]\nmachines:');
  for (const m of all)
    console.log(`  ${m.id.padEnd(28)} ${existsSync(m.test) ? relative(ROOT, m.test) : '(no model test)'}`);
  process.exit(names.length === 0 && !list ? 1 : 0);
}
for (const name of names) {
  const entry = find(name, all);
  if (!entry) {
    console.error(`no machine '${name}' (npm run qa:plan -- --list)`);
    process.exit(1);
  }
  await plan(entry, options);
}
