import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 8 §2: no import cycle through the socket's code. The connection reaches the hub through an interface
// (connection-host.ts); frames, options and channel names live in files of their own. This reads the imports
// (type-only ones too: a cycle of types is still a cycle to read and to split) of server/stream and
// server/modules/chat and follows them through the rest of server/.

const ROOT = path.resolve(import.meta.dirname, '../..');
const OWN_DIRS = ['server/stream', 'server/modules/chat'];
const IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The relative imports of a file, as repository paths, inside server/ only. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), m[1]!));
    if (target.startsWith('server/') && existsSync(path.join(ROOT, target))) out.push(target);
  }
  return out;
}

/** Every cycle (as a file list) reachable from the start files, found by depth-first search. */
function cyclesFrom(starts: string[], edges: (file: string) => string[] = importsOf): string[][] {
  const graph = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...stack.slice(stack.indexOf(file)), file]);
      return;
    }
    state.set(file, 'open');
    stack.push(file);
    if (!graph.has(file)) graph.set(file, edges(file));
    for (const next of graph.get(file)!) visit(next);
    stack.pop();
    state.set(file, 'done');
  };
  for (const s of starts) visit(s);
  return cycles;
}

const ownFiles = OWN_DIRS.flatMap((dir) =>
  readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`),
);

describe('server/stream imports', () => {
  it('reads the imports it checks (the graph is not empty)', () => {
    expect(importsOf('server/stream/hub.ts')).toContain('server/stream/connection.ts');
    expect(importsOf('server/stream/connection.ts')).toContain('server/stream/connection-host.ts');
    expect(importsOf('server/stream/routes.ts')).toContain('server/modules/access/refusal.ts');
  });

  it('has no import cycle through the socket or the chat module', () => {
    const touching = cyclesFrom(ownFiles).filter((cycle) =>
      cycle.some((f) => OWN_DIRS.some((dir) => f.startsWith(`${dir}/`))),
    );
    expect(touching).toEqual([]);
  });

  it('the connection does not import the hub', () => {
    expect(importsOf('server/stream/connection.ts')).not.toContain('server/stream/hub.ts');
    const host = importsOf('server/stream/connection-host.ts');
    expect(host).not.toContain('server/stream/hub.ts');
    expect(host).not.toContain('server/stream/connection.ts');
  });

  it('finds a cycle when there is one (the check itself)', () => {
    // The shape before issue 8: the connection imported the hub's type, the hub imported the connection.
    const before: Record<string, string[]> = {
      'routes.ts': ['hub.ts'],
      'hub.ts': ['connection.ts', 'channels.ts'],
      'connection.ts': ['hub.ts', 'login.ts'],
    };
    expect(cyclesFrom(['routes.ts'], (f) => before[f] ?? [])).toEqual([
      ['hub.ts', 'connection.ts', 'hub.ts'],
    ]);
  });
});
