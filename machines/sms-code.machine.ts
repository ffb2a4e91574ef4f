import { assign, fromPromise, setup } from 'xstate';
import { SMS_RESEND_SECONDS, type SmsSendRequest, type SmsSendResponse } from '../src/protocol/member.ts';

// The SMS verification code button (issue 4 §1): send, then count down 60 s before another send.
export const SMS_COUNTDOWN_TICK_MS = 1000;

export interface SmsCodeError {
  code: number | string;
  message: string;
}

interface Context {
  remaining: number;
  /** What the last code was asked for: the page shows the countdown only for the same phone and purpose. */
  sentTo: SmsSendRequest | null;
  error: SmsCodeError | null;
}

export type SmsCodeEvent = { type: 'sms.send'; request: SmsSendRequest } | { type: 'sms.dismissError' };

/** The same phone and purpose (the countdown belongs to what the code was sent to). */
export function sameTarget(a: SmsSendRequest | null, b: SmsSendRequest | null): boolean {
  return !!a && !!b && a.countryCode === b.countryCode && a.phone === b.phone && a.purpose === b.purpose;
}

export const smsCodeMachine = setup({
  types: {} as { context: Context; events: SmsCodeEvent },
  actors: {
    sendSms: fromPromise<SmsSendResponse, SmsSendRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    lastTick: ({ context }) => context.remaining <= 1,
  },
  delays: { tick: SMS_COUNTDOWN_TICK_MS },
}).createMachine({
  id: 'smsCode',
  context: { remaining: 0, sentTo: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'sms.send': {
          target: 'sending',
          actions: assign({ error: null, sentTo: ({ event }) => event.request }),
        },
        'sms.dismissError': { actions: assign({ error: null }) },
      },
    },
    sending: {
      invoke: {
        src: 'sendSms',
        input: ({ context }) => context.sentTo!,
        onDone: {
          target: 'counting',
          actions: assign({ remaining: ({ event }) => event.output.resendAfter || SMS_RESEND_SECONDS }),
        },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) => {
              const e = event.error as { code?: number | string; message?: string };
              return { code: e?.code ?? 'unknown', message: e?.message ?? '' };
            },
          }),
        },
      },
    },
    /** Disabled for its own phone and purpose, the label shows the seconds left; one tick a second. */
    counting: {
      on: {
        // A corrected number (or the other form) need not wait for the last one's countdown.
        'sms.send': {
          guard: ({ context, event }) => !sameTarget(context.sentTo, event.request),
          target: 'sending',
          actions: assign({ error: null, remaining: 0, sentTo: ({ event }) => event.request }),
        },
      },
      after: {
        tick: [
          { guard: 'lastTick', target: 'idle', actions: assign({ remaining: 0 }) },
          {
            target: 'counting',
            reenter: true,
            actions: assign({ remaining: ({ context }) => context.remaining - 1 }),
          },
        ],
      },
    },
  },
});
