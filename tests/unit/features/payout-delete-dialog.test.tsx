// A bug the payout accounts' UI model test found (tests/ui/payout-accounts.ui.test.tsx, issue 18 §2), fixed: deleting
// the same payout account again within 700 ms of its confirmation dialog's last opening (取消, then 删除 at once) left
// the list waiting in `confirming` for a dialog the shell's modal host did not open — spec §9 de-duplicates the same
// dialog opened again within 700 ms — so the delete buttons stayed disabled and nothing on the page could be
// clicked. Issue 10 §2: "delete with confirmation". The list now asks the host first: when the dialog would not be
// shown it stays on the list (tests/machines/payout/bugs-found.test.ts pins the machine).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock, type AnyActorRef } from 'xstate';
import { accountsMachine } from '../../../machines/payout/accounts.machine.ts';
import { modalHostMachine } from '../../../machines/modal-host.machine.ts';

/** spec §9: the leave animation (300 ms) and the dialog de-dup (700 ms). */
const LEAVE_MS = 300;
const DEDUP_MS = 700;

const LIST = {
  accounts: [
    { id: 'a1', kind: 'alipay', masked: '138****0001' },
    { id: 'a2', kind: 'alipay', masked: '138****0002' },
  ],
  limits: { alipay: 3 },
  kycVerified: true,
  fundPasswordSet: false,
};

function system() {
  const accounts = accountsMachine.provide({
    actors: {
      load: fromPromise(async () => LIST),
      remove: fromPromise(() => new Promise<never>(() => {})),
    } as never,
  });
  const shell = setup({ actors: { modals: modalHostMachine, accounts } }).createMachine({
    invoke: [
      { id: 'modals', systemId: 'modals', src: 'modals' },
      { id: 'accounts', systemId: 'payout', src: 'accounts', input: { kind: 'alipay' } },
    ],
  });
  const clock = new SimulatedClock();
  const actor = createActor(shell, { clock });
  actor.start();
  const get = (id: string) => actor.system.get(id) as AnyActorRef;
  const open = () => (get('modals').getSnapshot().context.modals as Array<{ id: string }>).map((m) => m.id);
  return { actor, clock, get, open };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('deleting a payout account (issue 10 §2: delete with confirmation; spec §9 dialog de-dup)', () => {
  it('the confirmation opens in the shell, once per delete', async () => {
    const { get, open } = system();
    await settle();
    expect(get('payout').getSnapshot().value).toBe('ready');
    get('payout').send({ type: 'accounts.delete', id: 'a1' });
    expect(get('payout').getSnapshot().value).toBe('confirming');
    expect(open()).toHaveLength(1);
  });

  it('cancel, then delete again at once: the list never waits for a confirmation the player cannot see', async () => {
    const { get, open, clock } = system();
    await settle();
    get('payout').send({ type: 'accounts.delete', id: 'a1' });
    const [first] = open();
    // 取消: the dialog's button tells the list to keep the account and the dialog closes (leave animation).
    get('payout').send({ type: 'accounts.keep' });
    get('modals').send({ type: 'modal.close', id: first! });
    clock.increment(LEAVE_MS);
    await settle();
    expect(open()).toEqual([]);
    get('payout').send({ type: 'accounts.delete', id: 'a1' });
    // Either the list waits in `confirming` with the dialog that answers it open, or it is on the list, usable.
    const value = get('payout').getSnapshot().value;
    if (value === 'confirming') expect(open()).toHaveLength(1);
    else expect(value).toBe('ready');
    // Once the 700 ms have passed, 删除 asks again.
    clock.increment(DEDUP_MS);
    if (value !== 'confirming') get('payout').send({ type: 'accounts.delete', id: 'a1' });
    expect(get('payout').getSnapshot().value).toBe('confirming');
    expect(open()).toHaveLength(1);
  });
});
