// Real-name verification's model (issue 10 §1): status → form → submitting → verified, or refused on the form.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { kycMachine } from '../../../machines/payout/kyc.machine.ts';
import type { KycStatus } from '../../../src/protocol/payout.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { NO_ANSWER, refused } from './fixtures.ts';

export const LOAD = '0.kyc.loading';
export const SUBMIT = '0.kyc.submitting';

const UNVERIFIED: KycStatus = { verified: false, realName: null, idMasked: null, verifiedAt: null };
/** issue 10 §1 / protocol: shown masked, first 3 and last 4. */
const VERIFIED: KycStatus = {
  verified: true,
  realName: '张三',
  idMasked: '110***********002X',
  verifiedAt: '2026-11-25T10:00:00.000Z',
};
/** 30024: under 18 (issue 10 §1: the player must be 18 or older). */
const UNDER_AGE = refused(30024, '未满 18 周岁，不能进行实名认证');

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: UNVERIFIED },
  { type: `xstate.done.actor.${LOAD}`, output: VERIFIED },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: 'kyc.retry' },
  { type: 'kyc.name', text: '张三' },
  { type: 'kyc.name', text: 'Zhang San' },
  { type: 'kyc.id', text: '11010519491231002x' },
  { type: 'kyc.id', text: '1101-05' },
  { type: 'kyc.submit' },
  { type: `xstate.done.actor.${SUBMIT}`, output: VERIFIED },
  { type: `xstate.error.actor.${SUBMIT}`, error: UNDER_AGE },
  { type: `xstate.error.actor.${SUBMIT}`, error: NO_ANSWER },
];

export function provideKyc(fakes: Fakes) {
  return kycMachine.provide({
    actors: { loadStatus: fakes.promise('loadStatus'), verify: fakes.promise('verify') },
    actions: fakes.actions('verified'),
  });
}

/** What the fields hold, from what was typed (issue 10 §1: ID digits and a final X, upper-cased). */
const TYPED: Record<string, string> = {
  张三: '张三',
  'Zhang San': 'Zhang San',
  '11010519491231002x': '11010519491231002X',
  '1101-05': '110105',
};
function typed(history: readonly AnyEventObject[]) {
  let name = '';
  let id = '';
  for (const e of history) {
    if (e.type === 'kyc.name') name = TYPED[e['text'] as string]!;
    if (e.type === 'kyc.id') id = TYPED[e['text'] as string]!;
  }
  return { name, id };
}

/** issue 10 §1: Chinese names; an 18-character ID number. */
function valid(history: readonly AnyEventObject[]) {
  const { name, id } = typed(history);
  return name === '张三' && id.length === 18;
}

const TABLE: TransitionTable = {
  loading: {
    [`xstate.done.actor.${LOAD}`]: ({ event }) =>
      (event['output'] as KycStatus).verified ? 'verified' : 'form',
    [`xstate.error.actor.${LOAD}`]: 'loadFailed',
  },
  loadFailed: { 'kyc.retry': 'loading' },
  form: {
    'kyc.name': '=',
    'kyc.id': '=',
    'kyc.submit': ({ history }) => (valid(history) ? 'submitting' : 'form'),
  },
  submitting: {
    [`xstate.done.actor.${SUBMIT}`]: 'verified',
    [`xstate.error.actor.${SUBMIT}`]: 'form',
  },
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    expect(o.effects.actions).toEqual([]);
  },
  loadFailed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  form: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    const { name, id } = typed(o.history);
    // The form keeps what was typed, also after a refusal.
    expect(o.snapshot.context.realName).toBe(name);
    expect(o.snapshot.context.idNumber).toBe(id);
    if (o.event.type === 'kyc.submit') {
      const p = o.snapshot.context.problems;
      expect(p.realName).toBe(name === '' ? 'nameRequired' : name === '张三' ? undefined : 'nameFormat');
      expect(p.idNumber).toBe(id === '' ? 'idRequired' : id.length === 18 ? undefined : 'idFormat');
    }
    if (o.event.type === `xstate.error.actor.${SUBMIT}`) {
      const business = (o.event['error'] as { type: string }).type === 'business';
      // The coded message is shown on the form (30024 here); no answer is said as such.
      expect(o.snapshot.context.refusal).toMatchObject(
        business ? { code: 30024, message: '未满 18 周岁，不能进行实名认证' } : { code: 'noAnswer' },
      );
    }
    expect(o.effects.actions).toEqual([]);
  },
  submitting: (o) => {
    expect(o.fakes.pendingIds()).toEqual([SUBMIT]);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ realName: '张三', idNumber: '11010519491231002X' });
    expect(o.snapshot.context.refusal).toBeNull();
  },
  verified: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    // Shown masked and read-only; the full number is not kept once verified (issue 10 §1).
    expect(o.snapshot.context.status).toEqual(VERIFIED);
    expect(o.snapshot.context.idNumber).toBe('');
    // The area is told once, on arriving (bindBankCard continues into binding the first card).
    expect(o.effects.actions.map((a) => a.name)).toEqual(['verified']);
  },
};

export const kycModel: MachineModel<typeof kycMachine> = {
  title: 'kyc',
  machine: kycMachine,
  graphs: [{ name: 'a member on the verification page', input: undefined, events: EVENTS, maxWalk: 40 }],
  harness: { logic: provideKyc, initial: 'loading', transitions: TABLE, oracles: ORACLES },
};
