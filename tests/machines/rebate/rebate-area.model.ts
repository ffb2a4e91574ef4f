// The rebate area actor's model (issue 13 §4, §5): the page's path decides the flow it runs as its child —
// /mine/rebate the rebate flow, /mine/audit the audit, /mine/infoAudit one requirement — and a rebate push
// reaches the rebate flow only.
import { expect } from 'vitest';
import { rebateAreaMachine } from '../../../machines/rebate/rebate-area.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';

const route = (path: string) => ({ type: 'route.changed', path, search: '' });

/** issue 13 / spec §2: the area's three paths, and a path of another area (the actor may outlive its page). */
const PATHS: Record<string, string> = {
  '/mine/rebate': 'rebate',
  '/mine/audit': 'audit',
  '/mine/infoAudit': 'auditDetail',
  '/mine': 'elsewhere',
};

export function provideArea(fakes: Fakes) {
  return rebateAreaMachine.provide({
    actors: {
      rebate: fakes.promise('rebate') as never,
      audit: fakes.promise('audit') as never,
      auditDetail: fakes.promise('auditDetail') as never,
    },
  });
}

const where = ({ event }: { event: Record<string, unknown> }) => PATHS[event['path'] as string]!;

const TABLE: TransitionTable = {
  '*': { 'route.changed': where },
  rebate: { 'rebate.pushed': 'rebate' },
};

const child = (id: string) => (o: OracleArgs) => {
  // The flow of the page runs as the child named for it, and only it.
  expect(Object.keys(o.snapshot.children)).toEqual([id]);
  expect(o.snapshot.context.path).toBe(Object.entries(PATHS).find(([, s]) => s === id)![0]);
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  rebate: child('rebate'),
  audit: child('audit'),
  auditDetail: child('auditDetail'),
  elsewhere: (o) => expect(Object.keys(o.snapshot.children)).toEqual([]),
};

export const rebateAreaModel: MachineModel<typeof rebateAreaMachine> = {
  title: 'rebateArea',
  machine: rebateAreaMachine,
  graphs: [
    {
      name: 'a member moving between the rebate pages',
      input: { path: '/mine/rebate' },
      events: [...Object.keys(PATHS).map(route), { type: 'rebate.pushed' }],
    },
  ],
  harness: {
    logic: provideArea,
    initial: (input: { path: string }) => PATHS[input.path]!,
    transitions: TABLE,
    oracles: ORACLES,
  },
};
