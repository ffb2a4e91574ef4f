// The VIP area actor's model (issue 13 §3, §6; spec §2 paths): it runs the status flow on /mine/vip and
// /mine/vip/details, the gift record's flow on /mine/record/giftRecord, nothing elsewhere, and hands a 'vip'
// push (the level changed) to the status flow.
import { expect } from 'vitest';
import { setup, type AnyEventObject } from 'xstate';
import { vipAreaMachine } from '../../../machines/vip/vip-area.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';

/** spec §2 paths of the VIP area (issue 13 §3, §6). */
const VIP = '/mine/vip';
const DETAILS = '/mine/vip/details';
const GIFTS = '/mine/record/giftRecord';
const OTHER = '/mine/rebate';

const route = (path: string) => ({ type: 'route.changed', path, search: '' });
const EVENTS: AnyEventObject[] = [...[VIP, DETAILS, GIFTS, OTHER].map(route), { type: 'vip.pushed' }];

/** A stand-in child that records its start and every event it receives. */
function stub(fakes: Fakes, child: string) {
  const record = fakes.recorder('child');
  return setup({}).createMachine({
    context: () => {
      record({ child, started: true });
      return {};
    },
    on: { '*': { actions: ({ event }) => record({ child, got: event.type }) } },
  });
}

export const provideArea = (fakes: Fakes) =>
  vipAreaMachine.provide({ actors: { vip: stub(fakes, 'vip'), gifts: stub(fakes, 'gifts') } as never });

const PAGE: Record<string, string> = {
  [VIP]: 'status',
  [DETAILS]: 'status',
  [GIFTS]: 'gifts',
  [OTHER]: 'elsewhere',
};

const pathOf = (history: readonly AnyEventObject[], input: { path: string }) =>
  (history.filter((e) => e.type === 'route.changed').at(-1)?.['path'] as string | undefined) ?? input.path;
const moved = (o: { event: AnyEventObject; history: readonly AnyEventObject[]; input: { path: string } }) =>
  o.event['path'] !== pathOf(o.history.slice(0, -1), o.input);

const routeRow = {
  'route.changed': (o: Parameters<Extract<TransitionTable[string][string], (...a: never[]) => string>>[0]) =>
    moved(o) ? PAGE[o.event['path'] as string]! : o.from,
};

const TABLE: TransitionTable = { '*': routeRow, status: { ...routeRow, 'vip.pushed': '=' } };

type Rec = { child: string; started?: boolean; got?: string };
const records = (o: OracleArgs) =>
  o.effects.actions.filter((a) => a.name === 'child').map((a) => a.params as Rec);
const entered = (o: OracleArgs) => o.index === 0 || (o.event.type === 'route.changed' && moved(o));

function runs(o: OracleArgs, child: string | null) {
  expect(Object.keys(o.snapshot.children)).toEqual(child ? [child] : []);
  if (entered(o))
    expect(records(o).filter((r) => r.started)).toEqual(child ? [{ child, started: true }] : []);
}

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  status: (o) => {
    runs(o, 'vip');
    // issue 13 §3: a level change pushed to the player reaches the page's flow.
    if (o.event.type === 'vip.pushed') expect(records(o)).toEqual([{ child: 'vip', got: 'vip.pushed' }]);
  },
  gifts: (o) => runs(o, 'gifts'),
  elsewhere: (o) => runs(o, null),
};

export const vipAreaModel: MachineModel<typeof vipAreaMachine> = {
  title: 'vip area',
  machine: vipAreaMachine,
  graphs: [
    {
      name: 'a member entering at /mine/vip',
      input: { path: VIP },
      events: EVENTS,
      key: (s) => ({ value: s.value, path: s.context.path }),
      maxWalk: 40,
    },
  ],
  harness: { logic: provideArea, initial: 'status', transitions: TABLE, oracles: ORACLES },
};
