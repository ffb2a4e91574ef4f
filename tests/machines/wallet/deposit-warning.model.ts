// The deposit warning's model (spec §2; issue 5 §1, an area actor since issue 8 §1): graphs, transition table and
// per-state oracle, shared by its model test (deposit-warning.machine.test.ts) and its UI model test
// (tests/ui/deposit-warning.ui.test.tsx).
import { expect } from 'vitest';
import type { AreaInput } from '../../../machines/area.ts';
import { depositWarningMachine } from '../../../machines/wallet/deposit-warning.machine.ts';
import type { MachineModel, OracleArgs } from '../../support/model-paths.ts';

/** spec §2 (Account (/mine): finance/deposit): the deposit page. */
export const DEPOSIT = '/mine/finance/deposit';
export const WALLET = '/mine/finance/wallet';
export const route = (path: string, search = '') => ({ type: 'route.changed', path, search }) as const;

/** The paths the player has been on: where the area started, then every route it heard. */
export function pathsOf(input: AreaInput, history: readonly { type: string }[]): string[] {
  return [
    input.path,
    ...history.filter((e) => e.type === 'route.changed').map((e) => (e as unknown as { path: string }).path),
  ];
}

export const depositWarningModel: MachineModel<typeof depositWarningMachine> = {
  title: 'deposit warning',
  machine: depositWarningMachine,
  graphs: [
    {
      name: 'entering the wallet elsewhere',
      input: { path: WALLET },
      events: [route(DEPOSIT), route(DEPOSIT, '?tab=2'), route(WALLET), { type: 'session.loggedOut' }],
    },
    {
      name: 'landing on the deposit page',
      input: { path: DEPOSIT },
      events: [route(DEPOSIT), route(WALLET)],
    },
  ],
  harness: {
    logic: (fakes) => depositWarningMachine.provide({ actions: fakes.actions('warn') }),
    // spec §2: the area only watches; 'starting' is a passing decision.
    initial: 'watching',
    // Logging out changes nothing here (the area is left with the member pages).
    transitions: { watching: { 'route.changed': 'watching', 'session.loggedOut': 'watching' } },
    oracles: {
      // spec §2: the warning opens on ENTERING the deposit page (from elsewhere, or the area starting there),
      // never again while the player moves around on it.
      watching: ({ snapshot, effects, event, history, input }: OracleArgs) => {
        const paths = pathsOf(input as AreaInput, history);
        const now = paths.at(-1)!;
        const before = event.type === 'xstate.init' ? null : paths.at(-2)!;
        const enters = now === DEPOSIT && before !== DEPOSIT;
        expect(
          effects.actions.filter((a) => a.name === 'warn'),
          'warnings opened',
        ).toHaveLength(enters ? 1 : 0);
        expect(effects.emitted).toEqual([]);
        expect(snapshot.context).toEqual({ path: now });
      },
    },
  },
};
