// Mutation testing (issue 18 §3): the SMS code button's countdown belongs to one phone (country code and
// number) and one purpose (issue 4 §1); a request that differs in any ONE of them need not wait.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { SmsSendRequest, SmsSendResponse } from '../../../src/protocol/member.ts';
import { sameTarget, smsCodeMachine } from '../../../machines/sms-code.machine.ts';
import { Fakes, settle } from '../../support/model-paths.ts';

const SENDING = '0.smsCode.sending';
const A: SmsSendRequest = { countryCode: '86', phone: '13800138000', purpose: 'register' };

async function counting() {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const actor = createActor(
    smsCodeMachine.provide({ actors: { sendSms: fakes.promise<SmsSendResponse>('sendSms') } }),
    { clock },
  ).start();
  actor.send({ type: 'sms.send', request: A });
  fakes.resolve(SENDING, { resendAfter: 60 } satisfies SmsSendResponse);
  await settle();
  expect(actor.getSnapshot().value).toBe('counting');
  return { actor, fakes };
}

describe('the countdown belongs to one phone and purpose (issue 4 §1)', () => {
  const variants: Array<[string, SmsSendRequest]> = [
    ['another country code', { ...A, countryCode: '852' }],
    ['another number', { ...A, phone: '13900139000' }],
    ['another purpose', { ...A, purpose: 'reset' }],
  ];

  for (const [name, other] of variants) {
    it(`${name}, all else equal, is sent at once while counting`, async () => {
      const { actor, fakes } = await counting();
      actor.send({ type: 'sms.send', request: other });
      await settle();
      expect(actor.getSnapshot().value).toBe('sending');
      expect(fakes.invocations.map((i) => i.input)).toEqual([A, other]);
    });

    it(`sameTarget: ${name} is not the same target`, () => {
      expect(sameTarget(A, other)).toBe(false);
      expect(sameTarget(other, A)).toBe(false);
    });
  }

  it('the same phone and purpose is the same target (refused while counting)', async () => {
    expect(sameTarget(A, { ...A })).toBe(true);
    const { actor, fakes } = await counting();
    actor.send({ type: 'sms.send', request: { ...A } });
    await settle();
    expect(actor.getSnapshot().value).toBe('counting');
    expect(fakes.invocations).toHaveLength(1);
  });

  it('nothing sent yet is no target', () => {
    expect(sameTarget(null, A)).toBe(false);
    expect(sameTarget(A, null)).toBe(false);
    expect(sameTarget(null, null)).toBe(false);
  });
});

describe('a failed send with no error object (issue 4 §1: the button is usable again)', () => {
  for (const [name, error] of [
    ['undefined', undefined],
    ['a string', 'offline'],
  ] as const) {
    it(`a rejection with ${name} is an unknown error with no message`, async () => {
      const fakes = new Fakes();
      const actor = createActor(
        smsCodeMachine.provide({ actors: { sendSms: fakes.promise<SmsSendResponse>('sendSms') } }),
      ).start();
      actor.send({ type: 'sms.send', request: A });
      fakes.reject(SENDING, error);
      await settle();
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown', message: '' });
    });
  }
});
