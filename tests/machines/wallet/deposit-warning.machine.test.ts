import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, type AnyEventObject } from 'xstate';
import type { AreaInput } from '../../../machines/area.ts';
import { depositWarningMachine } from '../../../machines/wallet/deposit-warning.machine.ts';
import { describeModel } from '../../support/model-paths.ts';
import { DEPOSIT, depositWarningModel, route, WALLET } from './deposit-warning.model.ts';

// spec §2 (issue 5 §1, an area actor since issue 8 §1): the deposit-safety warning opens when the player
// enters the deposit page, and not again while they stay on it.

/** The wallet area beside a recording stand-in for the shell's modal host (systemId 'modals'). */
function inSystem(input: AreaInput) {
  const opened: AnyEventObject[] = [];
  const shell = setup({
    actors: {
      modals: fromCallback<AnyEventObject>(({ receive }) => {
        receive((event) => void opened.push(event));
      }),
      wallet: depositWarningMachine,
    },
  }).createMachine({
    invoke: [
      { src: 'modals', systemId: 'modals' },
      { src: 'wallet', systemId: 'wallet', input },
    ],
  });
  const actor = createActor(shell).start();
  const area = actor.system.get('wallet')!;
  const warnings = () =>
    opened.filter((e) => e.type === 'modal.open' && (e.spec as { key: string }).key === 'deposit-warning');
  return { area, warnings };
}

describeModel(
  depositWarningModel.title,
  depositWarningModel.machine,
  depositWarningModel.graphs,
  depositWarningModel.harness,
);

describe('deposit-safety warning (spec §2)', () => {
  it('opens when the player enters the deposit page, not again while they stay on it', () => {
    const { area, warnings } = inSystem({ path: WALLET });
    expect(warnings()).toEqual([]);
    area.send(route(DEPOSIT));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.spec).toMatchObject({ content: { kind: 'depositWarning' }, width: 440 });
    area.send(route(DEPOSIT, '?tab=2'));
    area.send(route(DEPOSIT));
    expect(warnings()).toHaveLength(1);
    // Leaving and coming back is a new entry.
    area.send(route(WALLET));
    expect(warnings()).toHaveLength(1);
    area.send(route(DEPOSIT));
    expect(warnings()).toHaveLength(2);
  });

  it('opens at once when the area starts on the deposit page', () => {
    const { area, warnings } = inSystem({ path: DEPOSIT });
    expect(warnings()).toHaveLength(1);
    area.send(route(DEPOSIT));
    expect(warnings()).toHaveLength(1);
  });

  it('other wallet pages and other facts open nothing', () => {
    const { area, warnings } = inSystem({ path: WALLET });
    area.send(route('/mine/finance/transfer'));
    area.send({ type: 'session.loggedIn' });
    area.send(route('/mine/balance'));
    expect(warnings()).toEqual([]);
  });
});
