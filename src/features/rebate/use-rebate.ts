import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { auditDetailMachine } from '../../../machines/rebate/audit-detail.machine.ts';
import type { auditMachine } from '../../../machines/rebate/audit.machine.ts';
import type { rebateAreaMachine } from '../../../machines/rebate/rebate-area.machine.ts';
import type { rebateMachine } from '../../../machines/rebate/rebate.machine.ts';
import { useAreaActor } from '../../app/system.ts';

// The rebate area's actors as the pages read them (views render and send; the machines decide).

export const useRebateArea = () => useAreaActor<typeof rebateAreaMachine>('rebate');

interface Children {
  rebate: ActorRefFrom<typeof rebateMachine>;
  audit: ActorRefFrom<typeof auditMachine>;
  auditDetail: ActorRefFrom<typeof auditDetailMachine>;
}

/** The child of the area actor that runs the page's flow, once the area runs and the page's state has it. */
export function useRebateChild<K extends keyof Children>(id: K): Children[K] | undefined {
  const area = useRebateArea();
  return useSelector(area, (s) => s?.children[id]) as Children[K] | undefined;
}
