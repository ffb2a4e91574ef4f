import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { mallMachine } from '../../../machines/mall/mall.machine.ts';
import type { recordsMachine } from '../../../machines/mall/records.machine.ts';
import type { redeemMachine } from '../../../machines/mall/redeem.machine.ts';
import { useAreaActor, useSystemActor } from '../../app/system.ts';

// The mall area's actors as the pages read them (views render and send; the machines decide).

export const useMall = () => useAreaActor<typeof mallMachine>('mall');

interface Children {
  redeem: ActorRefFrom<typeof redeemMachine>;
  records: ActorRefFrom<typeof recordsMachine>;
}

export function useMallChild<K extends keyof Children>(id: K): Children[K] | undefined {
  const mall = useMall();
  return useSelector(mall, (s) => s?.children[id]) as Children[K] | undefined;
}

/** A coins push (msgId 20006, topic 'coins': coins earned or spent elsewhere) makes the page's flow read again. */
export function useCoinsPushes() {
  const mall = useMall();
  const socket = useSystemActor('socket');
  const at = useSelector(socket, (s) => s.context.memberChanges.coins?.at ?? null);
  const first = useRef(at);
  useEffect(() => {
    if (at && at !== first.current) mall?.send({ type: 'mall.refresh' });
  }, [at, mall]);
}
