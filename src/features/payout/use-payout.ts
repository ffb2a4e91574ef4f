import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { accountFormMachine } from '../../../machines/payout/account-form.machine.ts';
import type { accountsMachine } from '../../../machines/payout/accounts.machine.ts';
import type { fundPasswordMachine } from '../../../machines/payout/fund-password.machine.ts';
import type { kycMachine } from '../../../machines/payout/kyc.machine.ts';
import type { payoutMachine } from '../../../machines/payout/payout.machine.ts';
import type { withdrawalMachine } from '../../../machines/payout/withdrawal.machine.ts';
import { useAreaActor } from '../../app/system.ts';

// The payout area's actors as the pages read them (views render and send; the machines decide).

export const usePayout = () => useAreaActor<typeof payoutMachine>('payout');

interface Children {
  kyc: ActorRefFrom<typeof kycMachine>;
  accountForm: ActorRefFrom<typeof accountFormMachine>;
  accounts: ActorRefFrom<typeof accountsMachine>;
  withdrawal: ActorRefFrom<typeof withdrawalMachine>;
  fundPassword: ActorRefFrom<typeof fundPasswordMachine>;
}

/** The child of the payout actor that runs the page's flow, once the area runs and the page's state has it. */
export function usePayoutChild<K extends keyof Children>(id: K): Children[K] | undefined {
  const payout = usePayout();
  return useSelector(payout, (s) => s?.children[id]) as Children[K] | undefined;
}
