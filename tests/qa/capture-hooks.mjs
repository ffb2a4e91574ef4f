// Module resolve hooks for `npm run qa:plan` (registered by scripts/qa-plan.ts): a model test loaded outside
// Vitest gets tests/qa/vitest-stub.ts for 'vitest' and tests/qa/capture-model.ts for the model helper, so
// importing it records its `describeModel` calls instead of declaring tests.
const STUB = new URL('./vitest-stub.ts', import.meta.url).href;
const CAPTURE = new URL('./capture-model.ts', import.meta.url).href;
const TESTS = new URL('../', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'vitest') return nextResolve(STUB, context);
  const parent = context.parentURL ?? '';
  if (
    specifier.endsWith('/support/model-paths.ts') &&
    parent.startsWith(TESTS) &&
    parent !== CAPTURE &&
    !parent.includes('/tests/support/')
  )
    return nextResolve(CAPTURE, context);
  return nextResolve(specifier, context);
}
