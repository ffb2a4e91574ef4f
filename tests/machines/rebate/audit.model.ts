// The audit pages' models (issue 13 §5): /mine/audit reads every requirement (again on refresh, after a failure on
// retry); /mine/infoAudit?id=… reads one requirement's bets, paged, says when the id is unknown (31043) or absent.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { auditDetailMachine } from '../../../machines/rebate/audit-detail.machine.ts';
import { auditMachine } from '../../../machines/rebate/audit.machine.ts';
import type { AuditDetail } from '../../../src/protocol/rebate.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { AUDIT, DETAIL, NO_ANSWER, refused } from './fixtures.ts';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

// ── /mine/audit ──

const A_LOAD = 'audit.load';

const AUDIT_TABLE: TransitionTable = {
  loading: { [`xstate.done.actor.${A_LOAD}`]: 'ready', [`xstate.error.actor.${A_LOAD}`]: 'failed' },
  ready: { 'audit.reload': 'loading' },
  failed: { 'audit.retry': 'loading' },
};

const AUDIT_ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => expect(o.fakes.pendingIds()).toEqual([A_LOAD]),
  ready: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    // issue 13 §5: the requirement with its multiple, required and counted, the total missing, the deduction
    expect(o.snapshot.context.view).toEqual(AUDIT);
  },
  failed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
};

export const auditModel: MachineModel<typeof auditMachine> = {
  title: 'audit',
  machine: auditMachine,
  graphs: [
    {
      name: 'a member reading their audit',
      input: undefined,
      events: [
        done(A_LOAD, AUDIT),
        failed(A_LOAD, NO_ANSWER),
        { type: 'audit.reload' },
        { type: 'audit.retry' },
      ],
    },
  ],
  harness: {
    logic: (fakes: Fakes) => auditMachine.provide({ actors: { load: fakes.promise('load') } }),
    initial: 'loading',
    transitions: AUDIT_TABLE,
    oracles: AUDIT_ORACLES,
  },
};

// ── /mine/infoAudit ──

const D_LOAD = 'auditDetail.load';
/** 31043 (issue 13 §5 / api.ts CODE.auditNotFound) with the server's message. */
const NOT_FOUND = refused(31043, '该稽核记录不存在或已重置');
const PAGE_2: AuditDetail = { ...DETAIL, page: 2 };

/** The id asked for and the page, from the events (12 bets, 10 a page → 2 pages). */
function asked(history: readonly AnyEventObject[]) {
  let id = '';
  let page = 1;
  let loaded: AuditDetail | null = null;
  for (const e of history) {
    if (e.type === 'detail.show') {
      id = (e['id'] as string).trim();
      page = 1;
      loaded = null;
    }
    if (e.type === `xstate.done.actor.${D_LOAD}`) loaded = e['output'] as AuditDetail;
    if (e.type === 'detail.page') {
      const p = e['page'] as number;
      const pages = loaded ? Math.max(1, Math.ceil(loaded.total / loaded.size)) : 1;
      if (p >= 1 && p <= pages) page = p;
    }
  }
  return { id, page, loaded };
}

const DETAIL_TABLE: TransitionTable = {
  '*': { 'detail.show': ({ event }) => ((event['id'] as string).trim() ? 'loading' : 'notFound') },
  loading: {
    [`xstate.done.actor.${D_LOAD}`]: 'ready',
    [`xstate.error.actor.${D_LOAD}`]: ({ event }) =>
      (event['error'] as { code?: number }).code === 31043 ? 'notFound' : 'failed',
  },
  ready: {
    'detail.page': ({ event, history }) => {
      const before = asked(history.slice(0, -1));
      const p = event['page'] as number;
      return p >= 1 && p <= Math.ceil(before.loaded!.total / before.loaded!.size) ? 'loading' : 'ready';
    },
  },
  failed: { 'detail.retry': 'loading' },
};

const DETAIL_ORACLES: Record<string, (o: OracleArgs) => void> = {
  idle: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([D_LOAD]);
    const a = asked(o.history);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ id: a.id, page: a.page, size: 10 });
  },
  ready: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.detail).toEqual(asked(o.history).loaded);
  },
  notFound: (o) => {
    // (A read abandoned by a page without an id is stopped with its state; the fakes do not see that.)
    expect(asked(o.history).id === '' || o.event.type === `xstate.error.actor.${D_LOAD}`).toBe(true);
    expect(o.snapshot.context.detail).toBeNull();
  },
  failed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
};

export const auditDetailModel: MachineModel<typeof auditDetailMachine> = {
  title: 'auditDetail',
  machine: auditDetailMachine,
  graphs: [
    {
      name: 'a member reading one requirement',
      input: undefined,
      events: [
        { type: 'detail.show', id: 'D20261126AAAA0001' },
        { type: 'detail.show', id: ' ' },
        done(D_LOAD, DETAIL),
        done(D_LOAD, PAGE_2),
        failed(D_LOAD, NOT_FOUND),
        failed(D_LOAD, NO_ANSWER),
        { type: 'detail.page', page: 2 },
        { type: 'detail.page', page: 3 },
        { type: 'detail.retry' },
      ],
      maxWalk: 30,
    },
  ],
  harness: {
    logic: (fakes: Fakes) => auditDetailMachine.provide({ actors: { load: fakes.promise('load') } }),
    initial: 'idle',
    transitions: DETAIL_TABLE,
    oracles: DETAIL_ORACLES,
  },
};
