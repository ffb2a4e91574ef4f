// Stands in for 'vitest' when `npm run qa:plan` loads a model test outside Vitest (see capture-hooks.mjs):
// suites are walked so nested `describeModel` calls register, tests and hooks are not run, and `expect` / `vi`
// accept anything and check nothing. The plan only reads the graphs and harnesses the tests declare.

type AnyFn = (...args: any[]) => any;

/** A function that returns itself for any call or property: `expect(x).not.toBe(y)`, `it.each(rows)(...)`. */
function inert(): any {
  const fn: AnyFn = () => proxy;
  const proxy: any = new Proxy(fn, {
    get: (_target, key) => (key === 'then' ? undefined : proxy),
    apply: () => proxy,
  });
  return proxy;
}

const nothing = inert();

function suite(_name: unknown, fn?: unknown): void {
  if (typeof fn === 'function') (fn as AnyFn)();
}
/** `describe.each(rows)(name, fn)` walks fn once per row; other modifiers walk or skip like `describe`. */
const describe: any = new Proxy(suite, {
  get: (_target, key) => {
    if (key === 'each')
      return (rows: unknown[]) => (name: unknown, fn: AnyFn) =>
        rows.forEach((row) => suite(name, () => (Array.isArray(row) ? fn(...row) : fn(row))));
    if (key === 'skip' || key === 'todo') return () => {};
    return describe;
  },
});

export { describe, describe as suite };
export const it = nothing;
export const test = nothing;
export const bench = nothing;
export const expect = nothing;
export const expectTypeOf = nothing;
export const assert = nothing;
export const vi = nothing;
export const vitest = nothing;
export const beforeAll = nothing;
export const afterAll = nothing;
export const beforeEach = nothing;
export const afterEach = nothing;
export const onTestFinished = nothing;
export const onTestFailed = nothing;
