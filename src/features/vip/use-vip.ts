import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { giftsMachine } from '../../../machines/vip/gifts.machine.ts';
import type { vipAreaMachine } from '../../../machines/vip/vip-area.machine.ts';
import type { vipMachine } from '../../../machines/vip/vip.machine.ts';
import { useAreaActor, useSystemActor } from '../../app/system.ts';

// The VIP area's actors as the pages read them (views render and send; the machines decide).

export const useVipArea = () => useAreaActor<typeof vipAreaMachine>('vip');

interface Children {
  vip: ActorRefFrom<typeof vipMachine>;
  gifts: ActorRefFrom<typeof giftsMachine>;
}

/** The child of the area actor that runs the page's flow, once the area runs and the page's state has it. */
export function useVipChild<K extends keyof Children>(id: K): Children[K] | undefined {
  const area = useVipArea();
  return useSelector(area, (s) => s?.children[id]) as Children[K] | undefined;
}

/** A 'vip' push (msgId 20006: the level changed) tells the area, which reads the status again. */
export function useVipPushes() {
  const area = useVipArea();
  const socket = useSystemActor('socket');
  const at = useSelector(socket, (s) => s.context.memberChanges.vip?.at ?? null);
  const first = useRef(at);
  useEffect(() => {
    if (at && at !== first.current) area?.send({ type: 'vip.pushed' });
  }, [at, area]);
}
