// The mall area's actor (issue 13 §6): the redeem flow on /mine/currency, the records flow on the four record
// pages (spec §2 paths), nothing elsewhere; the 'coins' push handed to the page's flow.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { mallMachine } from '../../../machines/mall/mall.machine.ts';
import { recordsMachine } from '../../../machines/mall/records.machine.ts';
import { redeemMachine } from '../../../machines/mall/redeem.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';

/** spec §2 / issue 13 §6: the mall's pages and which record each shows. */
const RECORD_PAGES: Record<string, string> = {
  '/mine/mall/record': 'records',
  '/mine/mall/coinRecord': 'coinRecords',
  '/mine/record/currencyRecord': 'currencyRecords',
  '/mine/record/welfare': 'welfareRecords',
};
const go = (path: string) => ({ type: 'route.changed', path, search: '' });

const EVENTS: AnyEventObject[] = [
  go('/mine/currency'),
  ...Object.keys(RECORD_PAGES).map(go),
  go('/mine'),
  { type: 'mall.refresh' },
];

const pathOf = (history: readonly AnyEventObject[], input: { path: string }) =>
  ([...history].reverse().find((e) => e.type === 'route.changed')?.['path'] as string | undefined) ??
  input.path;
const where = (path: string) =>
  path === '/mine/currency' ? 'currency' : path in RECORD_PAGES ? 'records' : 'elsewhere';

const TABLE: TransitionTable = {
  '*': {
    'route.changed': ({ event }) => where(event['path'] as string),
    'mall.refresh': '=',
  },
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  currency: (o) => {
    expect(Object.keys(o.snapshot.children)).toEqual(['redeem']);
    if (o.event.type === 'mall.refresh') expect(o.fakes.pendingIds()).toContain('load');
  },
  records: (o) => {
    expect(Object.keys(o.snapshot.children)).toEqual(['records']);
    const child = o.snapshot.children['records']!.getSnapshot() as { context: { which: string } };
    expect(child.context.which).toBe(RECORD_PAGES[pathOf(o.history, o.input)]);
  },
  elsewhere: (o) => expect(Object.keys(o.snapshot.children)).toEqual([]),
};

export const mallModel: MachineModel<typeof mallMachine> = {
  title: 'mall area',
  machine: mallMachine,
  graphs: [
    {
      name: 'a member entering on /mine/currency',
      input: { path: '/mine/currency' },
      events: EVENTS,
      maxWalk: 40,
    },
    {
      name: 'a member entering on /mine/mall/record',
      input: { path: '/mine/mall/record' },
      events: EVENTS,
      maxWalk: 40,
    },
  ],
  harness: {
    logic: (fakes: Fakes) =>
      mallMachine.provide({
        actors: {
          redeem: redeemMachine.provide({
            actors: { load: fakes.promise('load'), redeem: fakes.promise('redeem') },
          }),
          records: recordsMachine.provide({ actors: { load: fakes.promise('load') } }),
        },
      }),
    initial: (input: { path: string }) => where(input.path),
    transitions: TABLE,
    oracles: ORACLES,
  },
};
