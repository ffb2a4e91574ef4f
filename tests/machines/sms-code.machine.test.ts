import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import * as smsModule from '../../machines/sms-code.machine.ts';
import * as memberProtocol from '../../src/protocol/member.ts';
import { describeModel, Fakes, settle } from '../support/model-paths.ts';
import {
  OFFLINE,
  provided,
  REGISTER,
  RESET,
  send,
  SENDING,
  SMS_COUNTDOWN_TICK_MS,
  SMS_RESEND_SECONDS,
  smsCodeModel,
  TOO_SOON,
} from './sms-code.model.ts';

describeModel(smsCodeModel.title, smsCodeModel.machine, smsCodeModel.graphs, smsCodeModel.harness);

async function start() {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const actor = createActor(provided(fakes), { clock }).start();
  /**
   * Lets `ms` pass a millisecond at a time: one SimulatedClock.increment fires a due timer once, and a timer
   * started while it fires counts from the end of the jump, so a long jump would swallow ticks.
   */
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1);
  };
  /** Sends a code request and lets the fake server answer. */
  const sendAndAnswer = async (resendAfter: number, request = REGISTER) => {
    actor.send(send(request));
    fakes.resolve(SENDING, { resendAfter });
    await settle();
  };
  return { actor, advance, fakes, sendAndAnswer };
}

describe('sms code countdown (issue 4 §1)', () => {
  it('counts one a second from the server’s wait and is idle again after exactly that long', async () => {
    const { actor, advance, fakes, sendAndAnswer } = await start();
    expect(actor.getSnapshot().value).toBe('idle');
    await sendAndAnswer(60);
    expect(fakes.invocations.map((i) => i.input)).toEqual([REGISTER]);
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().context.remaining).toBe(60);
    expect(actor.getSnapshot().context.sentTo).toEqual(REGISTER);
    advance(999);
    expect(actor.getSnapshot().context.remaining).toBe(60);
    advance(1);
    expect(actor.getSnapshot().context.remaining).toBe(59);
    advance(58 * 1000);
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().context.remaining).toBe(1);
    advance(999); // 59 999 ms in all
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().context.remaining).toBe(1);
    advance(1); // 60 000 ms
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.remaining).toBe(0);
    // No timer left behind.
    advance(10_000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.remaining).toBe(0);
  });

  it('ticks every SMS_COUNTDOWN_TICK_MS (1 s) and counts the default minute', () => {
    // The code's constants pinned to the literals (never the other way round).
    expect(smsModule.SMS_COUNTDOWN_TICK_MS).toBe(1000);
    expect(memberProtocol.SMS_RESEND_SECONDS).toBe(60);
  });

  it('shows every second of the countdown, in order', async () => {
    const { actor, advance, sendAndAnswer } = await start();
    await sendAndAnswer(5);
    const seen = [actor.getSnapshot().context.remaining];
    for (let i = 0; i < 5; i++) {
      advance(SMS_COUNTDOWN_TICK_MS);
      seen.push(actor.getSnapshot().context.remaining);
    }
    expect(seen).toEqual([5, 4, 3, 2, 1, 0]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a wait of 0 from the server counts the default minute', async () => {
    const { actor, advance, sendAndAnswer } = await start();
    await sendAndAnswer(0);
    expect(actor.getSnapshot().context.remaining).toBe(SMS_RESEND_SECONDS);
    advance(SMS_RESEND_SECONDS * 1000 - 1);
    expect(actor.getSnapshot().value).toBe('counting');
    advance(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a send for the same phone and purpose while counting is ignored: no second request, the countdown goes on', async () => {
    const { actor, advance, fakes, sendAndAnswer } = await start();
    await sendAndAnswer(60);
    advance(10_000);
    actor.send(send(REGISTER));
    await settle();
    expect(fakes.invocations).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().context.remaining).toBe(50);
    expect(actor.getSnapshot().context.sentTo).toEqual(REGISTER);
  });

  it('a send for another phone or purpose while counting goes at once (a corrected number need not wait)', async () => {
    const { actor, advance, fakes, sendAndAnswer } = await start();
    await sendAndAnswer(60);
    advance(10_000);
    actor.send(send(RESET));
    await settle();
    expect(fakes.invocations).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.sentTo).toEqual(RESET);
  });

  it('a send while the first is on its way is ignored', async () => {
    const { actor, fakes } = await start();
    actor.send(send(REGISTER));
    actor.send(send(RESET));
    expect(actor.getSnapshot().value).toBe('sending');
    expect(fakes.invocations).toHaveLength(1);
    expect(actor.getSnapshot().context.sentTo).toEqual(REGISTER);
  });

  it('a send after the countdown asks again', async () => {
    const { actor, advance, fakes, sendAndAnswer } = await start();
    await sendAndAnswer(2);
    advance(2000);
    await sendAndAnswer(60, RESET);
    expect(fakes.invocations.map((i) => i.input)).toEqual([REGISTER, RESET]);
    expect(actor.getSnapshot().context).toMatchObject({ remaining: 60, sentTo: RESET });
  });

  it('a refused send (6035) lands in context.error and the button is idle again', async () => {
    const { actor, advance, fakes } = await start();
    actor.send(send(REGISTER));
    fakes.reject(SENDING, TOO_SOON);
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toEqual({ code: 6035, message: '请求过于频繁' });
    expect(actor.getSnapshot().context.remaining).toBe(0);
    advance(60_000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('an uncoded failure is reported as unknown', async () => {
    const { actor, fakes } = await start();
    actor.send(send(REGISTER));
    fakes.reject(SENDING, OFFLINE);
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown', message: 'offline' });
  });

  it('dismissError clears the error; a new send clears it too', async () => {
    const { actor, fakes } = await start();
    actor.send(send(REGISTER));
    fakes.reject(SENDING, TOO_SOON);
    await settle();
    actor.send({ type: 'sms.dismissError' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().value).toBe('idle');

    actor.send(send(REGISTER));
    fakes.reject(SENDING, TOO_SOON);
    await settle();
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send(send(RESET));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().value).toBe('sending');
  });
});
