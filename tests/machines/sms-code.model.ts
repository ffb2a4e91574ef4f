// The SMS code button's model (issue 4 §1; spec §8 6035, §9 countdown tick 1 s): graphs, transition table and
// per-state oracles, shared by its model test (sms-code.machine.test.ts) and its UI model test
// (tests/ui/sms-code.ui.test.tsx).
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { SmsSendRequest, SmsSendResponse } from '../../src/protocol/member.ts';
import { smsCodeMachine } from '../../machines/sms-code.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../support/model-paths.ts';

/** Product constant (docs/architecture.md "smsCode": the SMS code button's 60 s countdown; docs/api.md 6035). */
export const SMS_RESEND_SECONDS = 60;
/** spec §4, §9: a countdown ticks every 1 s. */
export const SMS_COUNTDOWN_TICK_MS = 1_000;

export const SENDING = '0.smsCode.sending';
export const TICK = 'xstate.after.tick.smsCode.counting';
export const REGISTER: SmsSendRequest = { countryCode: '86', phone: '13800138000', purpose: 'register' };
export const RESET: SmsSendRequest = { countryCode: '852', phone: '91234567', purpose: 'reset' };
/** spec §8 6035: a code was asked for too soon (the API client raises a coded error). */
export const TOO_SOON = Object.assign(new Error('请求过于频繁'), { code: 6035 });
export const OFFLINE = new Error('offline');

export const sent = (resendAfter: number) => ({
  type: `xstate.done.actor.${SENDING}`,
  output: { resendAfter } satisfies SmsSendResponse,
});
export const failed = (error: Error) => ({ type: `xstate.error.actor.${SENDING}`, error });
export const send = (request: SmsSendRequest) => ({ type: 'sms.send', request }) as const;

export const provided = (fakes: Fakes) =>
  smsCodeMachine.provide({ actors: { sendSms: fakes.promise<SmsSendResponse>('sendSms') } });

export const events = (resendAfter: number) => [
  send(REGISTER),
  send(RESET),
  { type: 'sms.dismissError' },
  sent(resendAfter),
  failed(TOO_SOON),
  failed(OFFLINE),
  { type: TICK },
];

/** The same phone (country code and number) and purpose: the countdown belongs to what the code was sent to. */
export const same = (a: SmsSendRequest | null, b: SmsSendRequest) =>
  !!a && a.countryCode === b.countryCode && a.phone === b.phone && a.purpose === b.purpose;
export const requestOf = (e: AnyEventObject) => e['request'] as SmsSendRequest;

/** issue 4 §1: send → count down the server's wait (60 s when it gives none) → send again; another phone need not wait. */
export const SMS_TABLE: TransitionTable = {
  idle: { 'sms.send': 'sending', 'sms.dismissError': 'idle' },
  sending: { [`xstate.done.actor.${SENDING}`]: 'counting', [`xstate.error.actor.${SENDING}`]: 'idle' },
  counting: {
    'sms.send': ({ event, previous }) =>
      same(previous.context.sentTo as SmsSendRequest | null, requestOf(event)) ? 'counting' : 'sending',
    [TICK]: ({ previous }) => ((previous.context.remaining as number) <= 1 ? 'idle' : 'counting'),
  },
};

/** The seconds left after the events: the last answer's wait (60 when none), minus the ticks since. */
export function secondsLeft(history: readonly AnyEventObject[]): number {
  const answered = history.findLastIndex((e) => e.type === `xstate.done.actor.${SENDING}`);
  const wait =
    (history[answered] as unknown as { output: SmsSendResponse }).output.resendAfter || SMS_RESEND_SECONDS;
  return wait - history.slice(answered).filter((e) => e.type === TICK).length;
}

export const SMS_ORACLES: Record<string, (o: OracleArgs) => void> = {
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

export const smsCodeModel: MachineModel<typeof smsCodeMachine> = {
  title: 'sms code',
  machine: smsCodeMachine,
  graphs: [
    // The full minute: every second of the countdown is a graph state, each tick checked 1 ms early.
    { name: 'the server asks for 60 s', input: undefined, events: events(60) },
    { name: 'the server asks for 3 s', input: undefined, events: events(3) },
    // No wait given (0): the button still counts the default minute (issue 4 §1).
    { name: 'the server gives no wait', input: undefined, events: events(0) },
  ],
  harness: {
    logic: provided,
    delays: { tick: SMS_COUNTDOWN_TICK_MS },
    initial: 'idle',
    transitions: SMS_TABLE,
    oracles: SMS_ORACLES,
  },
};
