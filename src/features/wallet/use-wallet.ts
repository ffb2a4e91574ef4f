import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { recordsMachine } from '../../../machines/wallet/records.machine.ts';
import type { transferFormMachine } from '../../../machines/wallet/transfer-form.machine.ts';
import type { walletMachine } from '../../../machines/wallet/wallet.machine.ts';
import { AppActor } from '../../app/app-actor.ts';
import { useAreaActor } from '../../app/system.ts';

// The wallet area's actors as the pages read them (views render and send; the machines decide).

export const useWallet = () => useAreaActor<typeof walletMachine>('wallet');

/** A child of the wallet area by its systemId, once the area runs. */
function useChild<T>(id: string): T | undefined {
  const app = AppActor.useActorRef();
  const wallet = useWallet();
  // The wallet's snapshot changes when a child starts or stops (its region's state), so this re-reads then.
  return useSelector(wallet, () => (wallet ? app.system.get(id) : undefined)) as T | undefined;
}

export const useTransferForm = () => useChild<ActorRefFrom<typeof transferFormMachine>>('transferForm');

/** The record query: a child of the wallet actor while the record page is open. */
export function useRecords(): ActorRefFrom<typeof recordsMachine> | undefined {
  const wallet = useWallet();
  return useSelector(wallet, (s) => s?.children['records']) as
    ActorRefFrom<typeof recordsMachine> | undefined;
}
