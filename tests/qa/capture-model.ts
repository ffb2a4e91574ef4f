// Stands in for tests/support/model-paths.ts when `npm run qa:plan` loads a model test (see capture-hooks.mjs):
// everything is the real helper, except that `describeModel` records the machine, its graph options and the
// harness instead of declaring tests.
import type { AnyStateMachine } from 'xstate';
import type { Harness, ModelOptions } from '../support/model-paths.ts';

export * from '../support/model-paths.ts';

export interface CapturedModel {
  title: string;
  machine: AnyStateMachine;
  graphOptions: ModelOptions[];
  harness: Harness;
}

const KEY = Symbol.for('qa-plan.captured-models');

/** The models the loaded tests declared, in order. */
export function capturedModels(): CapturedModel[] {
  const g = globalThis as unknown as Record<symbol, CapturedModel[] | undefined>;
  return (g[KEY] ??= []);
}

export function describeModel<TMachine extends AnyStateMachine>(
  title: string,
  machine: TMachine,
  graphOptions: Array<ModelOptions<TMachine>>,
  harness: Harness,
): void {
  capturedModels().push({ title, machine, graphOptions: graphOptions as ModelOptions[], harness });
}
