import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import type { SmsSendRequest, SmsSendResponse } from '../../src/protocol/member.ts';
import { smsCodeMachine } from '../../machines/sms-code.machine.ts';
import * as smsModule from '../../machines/sms-code.machine.ts';
import * as memberProtocol from '../../src/protocol/member.ts';
import {
  describeModel,
  Fakes,
  settle,
  type OracleArgs,
  type TransitionTable,
} from '../support/model-paths.ts';

/** Product constant (docs/architecture.md "smsCode": the SMS code button's 60 s countdown; docs/api.md 6035). */
const SMS_RESEND_SECONDS = 60;
/** spec §4, §9: a countdown ticks every 1 s. */
const SMS_COUNTDOWN_TICK_MS = 1_000;

const SENDING = '0.smsCode.sending';
const TICK = 'xstate.after.tick.smsCode.counting';
const REGISTER: SmsSendRequest = { countryCode: '86', phone: '13800138000', purpose: 'register' };
const RESET: SmsSendRequest = { countryCode: '852', phone: '91234567', purpose: 'reset' };
/** spec §8 6035: a code was asked for too soon (the API client raises a coded error). */
const TOO_SOON = Object.assign(new Error('请求过于频繁'), { code: 6035 });
const OFFLINE = new Error('offline');

const sent = (resendAfter: number) => ({
  type: `xstate.done.actor.${SENDING}`,
  output: { resendAfter } satisfies SmsSendResponse,
});
const failed = (error: Error) => ({ type: `xstate.error.actor.${SENDING}`, error });
const send = (request: SmsSendRequest) => ({ type: 'sms.send', request }) as const;

const provided = (fakes: Fakes) =>
  smsCodeMachine.provide({ actors: { sendSms: fakes.promise<SmsSendResponse>('sendSms') } });

const events = (resendAfter: number) => [
  send(REGISTER),
  send(RESET),
  { type: 'sms.dismissError' },
  sent(resendAfter),
  failed(TOO_SOON),
  failed(OFFLINE),
  { type: TICK },
];

/** The same phone (country code and number) and purpose: the countdown belongs to what the code was sent to. */
const same = (a: SmsSendRequest | null, b: SmsSendRequest) =>
  !!a && a.countryCode === b.countryCode && a.phone === b.phone && a.purpose === b.purpose;
const requestOf = (e: AnyEventObject) => e['request'] as SmsSendRequest;

/** issue 4 §1: send → count down the server's wait (60 s when it gives none) → send again; another phone need not wait. */
const SMS_TABLE: TransitionTable = {
  idle: { 'sms.send': 'sending', 'sms.dismissError': 'idle' },
  sending: { [`xstate.done.actor.${SENDING}`]: 'counting', [`xstate.error.actor.${SENDING}`]: 'idle' },
  counting: {
    'sms.send': ({ event, previous }) =>
      same(previous.context.sentTo as SmsSendRequest | null, requestOf(event)) ? 'counting' : 'sending',
    [TICK]: ({ previous }) => ((previous.context.remaining as number) <= 1 ? 'idle' : 'counting'),
  },
};

/** The seconds left after the events: the last answer's wait (60 when none), minus the ticks since. */
function secondsLeft(history: readonly AnyEventObject[]): number {
  const answered = history.findLastIndex((e) => e.type === `xstate.done.actor.${SENDING}`);
  const wait =
    (history[answered] as unknown as { output: SmsSendResponse }).output.resendAfter || SMS_RESEND_SECONDS;
  return wait - history.slice(answered).filter((e) => e.type === TICK).length;
}

const SMS_ORACLES: Record<string, (o: OracleArgs) => void> = {
  idle: ({ snapshot, event, history }) => {
    expect(snapshot.context.remaining).toBe(0);
    // A failed send shows the server's code and message until dismissed or sent again.
    const lastFailure = history.findLast((e) => e.type === `xstate.error.actor.${SENDING}`);
    const after = lastFailure ? history.slice(history.lastIndexOf(lastFailure) + 1) : [];
    if (!lastFailure || after.some((e) => e.type === 'sms.dismissError' || e.type === 'sms.send'))
      expect(snapshot.context.error).toBeNull();
    else {
      const e = lastFailure['error'] as { code?: number; message: string };
      expect(snapshot.context.error).toEqual({ code: e.code ?? 'unknown', message: e.message });
    }
    if (event.type === TICK) expect(snapshot.context.sentTo).not.toBeNull();
  },
  sending: ({ snapshot, event, fakes }) => {
    // Every send asks for the request it was given, and shows no countdown nor old error meanwhile.
    expect(snapshot.context.remaining).toBe(0);
    expect(snapshot.context.error).toBeNull();
    expect(event.type).toBe('sms.send');
    expect(snapshot.context.sentTo).toEqual(requestOf(event));
    expect(fakes.invocations.at(-1)).toMatchObject({ src: 'sendSms', input: requestOf(event) });
    expect(fakes.pendingIds()).toContain(SENDING);
  },
  counting: ({ snapshot, event, previous, history }) => {
    expect(snapshot.context.remaining).toBe(secondsLeft(history));
    expect(snapshot.context.remaining).toBeGreaterThan(0);
    // Asking again for the same phone and purpose while counting does nothing.
    if (event.type === 'sms.send') expect(snapshot.context).toEqual(previous.context);
  },
};

describeModel(
  'sms code',
  smsCodeMachine,
  [
    // The full minute: every second of the countdown is a graph state, each tick checked 1 ms early.
    { name: 'the server asks for 60 s', input: undefined, events: events(60) },
    { name: 'the server asks for 3 s', input: undefined, events: events(3) },
    // No wait given (0): the button still counts the default minute (issue 4 §1).
    { name: 'the server gives no wait', input: undefined, events: events(0) },
  ],
  {
    logic: provided,
    delays: { tick: SMS_COUNTDOWN_TICK_MS },
    initial: 'idle',
    transitions: SMS_TABLE,
    oracles: SMS_ORACLES,
  },
);

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
