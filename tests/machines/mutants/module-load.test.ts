// Mutation testing (issue 18 §3): every machine module loads. A mutant that breaks a machine's configuration —
// `initial: ''`, `type: ''` for a parallel root, an emptied `states: {}`, an `id: ''` that a `#id` target names —
// makes XState's `createMachine` throw while the module loads ("No initial state specified for compound state
// node…", "Child state node '#socket' does not exist…"): the app could not start at all. Every test file that
// imports such a module statically then fails to load, and a file that fails to load has no test for Stryker's
// Vitest runner, which reports the mutant "Survived" with 0 tests run. Here each module is imported INSIDE a
// test, so the failure is a failing test.
import { describe, expect, it } from 'vitest';

type Loader = () => Promise<Record<string, unknown>>;

// Literal paths (not a computed one): Vite sees each dynamic import, so Stryker's `related` selects this file.
const MODULES: ReadonlyArray<[file: string, load: Loader, machine: string]> = [
  ['machines/app.machine.ts', () => import('../../../machines/app.machine.ts'), 'appMachine'],
  ['machines/session.machine.ts', () => import('../../../machines/session.machine.ts'), 'sessionMachine'],
  [
    'machines/site-gate.machine.ts',
    () => import('../../../machines/site-gate.machine.ts'),
    'siteGateMachine',
  ],
  ['machines/sms-code.machine.ts', () => import('../../../machines/sms-code.machine.ts'), 'smsCodeMachine'],
  ['machines/socket.machine.ts', () => import('../../../machines/socket.machine.ts'), 'socketMachine'],
  ['machines/theme.machine.ts', () => import('../../../machines/theme.machine.ts'), 'themeMachine'],
  [
    'machines/title-marquee.machine.ts',
    () => import('../../../machines/title-marquee.machine.ts'),
    'titleMarqueeMachine',
  ],
  ['machines/modal.machine.ts', () => import('../../../machines/modal.machine.ts'), 'modalMachine'],
  [
    'machines/modal-button.machine.ts',
    () => import('../../../machines/modal-button.machine.ts'),
    'modalButtonMachine',
  ],
  [
    'machines/modal-host.machine.ts',
    () => import('../../../machines/modal-host.machine.ts'),
    'modalHostMachine',
  ],
  ['machines/sign-map.machine.ts', () => import('../../../machines/sign-map.machine.ts'), 'signMapMachine'],
  [
    'machines/home/home-content.machine.ts',
    () => import('../../../machines/home/home-content.machine.ts'),
    'homeContentMachine',
  ],
  [
    'machines/wallet/deposit-warning.machine.ts',
    () => import('../../../machines/wallet/deposit-warning.machine.ts'),
    'depositWarningMachine',
  ],
];

describe('every machine module loads (the app can start)', () => {
  it.each(MODULES)('%s loads and exports its machine', async (_file, load, name) => {
    const mod = await load();
    const machine = mod[name] as { transition?: unknown; root?: unknown } | undefined;
    expect(typeof machine?.transition).toBe('function');
    expect(machine?.root).toBeDefined();
  });
});
