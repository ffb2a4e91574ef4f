// The SMS code button's generated paths on the rendered app (issue 18 §2; issue 4 §1 send → countdown → resend,
// spec §8 6035 and network disconnected, §9 countdown tick 1 s): the register form's and the reset form's code
// button, the API client and the reference back end's sandbox SMS.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { sameTarget } from '../../machines/sms-code.machine.ts';
import type { SmsPurpose, SmsSendRequest } from '../../src/protocol/member.ts';
import { events, SENDING, smsCodeModel, TICK, TOO_SOON } from '../machines/sms-code.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { CN, DEMO_PLAYER_PHONE, freshPhone, OtherDevice } from './accounts.ts';

/** docs/api.md: the code call. */
const SMS_SEND = /^\/site\/api\/v1\/user\/sms\/send$/;
/** spec §2 routes: the two forms with a code button. */
const FORM = { register: '/user/register', reset: '/user/password' } as const;
/** What the player reads (zh-CN catalogue). */
const TEXT = {
  send: '获取验证码',
  sending: '发送中…',
  resendIn: (s: number) => `${s} 秒后重发`,
  sent: '验证码已发送，请注意查收短信',
  phone: '手机号码',
  toLogin: '已有账号？去登录',
  toRegister: '还没有账号？立即注册',
  forgot: '忘记密码？',
  /** spec §8: network disconnected. */
  offline: '网络已断开',
};
/** issue 4 §1, docs/api.md sms/send: the reference back end always asks for a 60 s wait. */
const SERVER_WAIT_S = 60;

/**
 * The graphs on the app. The model's three graphs cannot run there as they are: the reference back end always
 * answers resendAfter 60 (server/modules/member/limits.ts SMS_RESEND_COOLDOWN_MS), and the 60 s graph needs 122
 * codes sent (one per countdown it starts) where the server sends at most 30 an hour to one address
 * (SMS_MAX_PER_IP_PER_HOUR; every call of the test comes from 127.0.0.1), over ~4 000 steps. So the app runs
 * the 60 s graph bounded to what the page and that server can do: the same machine, events, table and oracles,
 * without
 * - a send for the phone and purpose already counting (the button is disabled then: the oracle of `counting`
 *   checks it);
 * - `sms.dismissError` (nothing in the app sends it: src/ has no sender);
 * - another form's send during a countdown except at its first and last second (not at every second), and
 *   none during the reset form's countdown, nor a second reset send after it: the reset form needs a member's
 *   phone, and the server sends one code a minute per phone, so the one member it has (the demo player; a new
 *   member got a code when registering) can be sent exactly one code in a run.
 */
const BOUNDED = 'the server asks for 60 s, bounded to the reference back end';
const uiModel: MachineModel = {
  ...smsCodeModel,
  graphs: [
    ...smsCodeModel.graphs,
    {
      name: BOUNDED,
      input: undefined,
      events: events(SERVER_WAIT_S),
      filterEvents: (snapshot, event) => {
        if (event.type === 'sms.dismissError') return false;
        if (event.type !== 'sms.send') return true;
        const { sentTo, remaining, error } = snapshot.context as {
          sentTo: SmsSendRequest | null;
          remaining: number;
          error: unknown;
        };
        const request = requestOf(event);
        if (snapshot.value === 'counting')
          return (
            !sameTarget(sentTo, request) &&
            sentTo?.purpose === 'register' &&
            (remaining === SERVER_WAIT_S || remaining === 1)
          );
        if (sentTo?.purpose === 'reset' && error === null) return request.purpose === 'register';
        return true;
      },
    },
  ],
};

const requestOf = (event: AnyEventObject) => (event as unknown as { request: SmsSendRequest }).request;

/** What this path's page asked a code for, per send (the phone the player typed; the graph names the purpose). */
const typed: Array<SmsSendRequest & { purpose: SmsPurpose }> = [];
let device: OtherDevice | null = null;

/** The player goes to the form with a code button for the purpose (through the links, as a player does). */
async function openForm({ user }: UiStep, purpose: SmsPurpose) {
  const here = window.location.pathname;
  if (here === FORM[purpose]) return;
  if (here !== '/user/login') await user.click(await screen.findByRole('link', { name: TEXT.toLogin }));
  await screen.findByRole('link', { name: TEXT.forgot });
  await user.click(screen.getByRole('link', { name: purpose === 'reset' ? TEXT.forgot : TEXT.toRegister }));
  await screen.findByRole('button', { name: /获取验证码|秒后重发|发送中/ });
}

/**
 * The player asks for a code: on the register form for a phone not yet registered (a new one each time: the
 * server sends one code a minute per phone), on the reset form for the demo player's phone (the member the
 * server has; see BOUNDED).
 */
async function sendCode(step: UiStep) {
  // The graph names the purpose; the player keeps the form's default country (spec §9: 86).
  // The model's graphs ask for the login pages' purposes only (the fund-password page has its own tests).
  const purpose = requestOf(step.event).purpose as SmsPurpose;
  device ??= new OtherDevice(step.backend);
  const phone = purpose === 'reset' ? DEMO_PLAYER_PHONE : freshPhone();
  await openForm(step, purpose);
  const input = screen.getByRole('textbox', { name: TEXT.phone });
  await step.user.clear(input);
  await step.user.type(input, phone);
  typed.push({ countryCode: CN, phone, purpose });
  await step.user.click(screen.getByRole('button', { name: TEXT.send }));
}

/** The held code call is answered: as sent, refused as too soon (spec §8 6035), or never reaching the server. */
async function answer(step: UiStep) {
  const error = (step.event as { error?: { code?: number } }).error;
  if (!error) return step.backend.release(SMS_SEND);
  if (error.code === TOO_SOON.code) {
    // The same phone asked for a code a moment ago elsewhere (another tab or device): the server says wait.
    const last = typed.at(-1)!;
    const other = await device!.sendSms(last.phone, last.purpose, last.countryCode);
    // Either it got one now, or the phone already had one within the minute (spec §8 6035 for it too).
    expect([6000, 6035]).toContain(other.status_code);
    return step.backend.release(SMS_SEND);
  }
  return step.backend.fail(SMS_SEND);
}

const codeButton = () => screen.getByRole('button', { name: /获取验证码|秒后重发|发送中/ });
const sendCalls = (seen: UiSeen) => seen.travelled.filter((c) => SMS_SEND.test(c.url));
/** The code field's own messages (its hint and its error). */
const codeField = () => codeButton().closest('.field') as HTMLElement;

/** The seconds the button shows: the wait the server answered, less the ticks since (spec §9: 1 s a tick). */
function secondsLeft(seen: UiSeen): number {
  const answered = seen.backend.calls.filter((c) => SMS_SEND.test(c.url) && c.status === 200).at(-1);
  const wait = (answered?.answer as { data?: { resendAfter?: number } } | undefined)?.data?.resendAfter;
  expect(wait, 'the server’s wait').toBe(SERVER_WAIT_S);
  const done = seen.history.findLastIndex((e) => e.type === `xstate.done.actor.${SENDING}`);
  return SERVER_WAIT_S - seen.history.slice(done + 1).filter((e) => e.type === TICK).length;
}

describeUiModel(uiModel, {
  systemId: 'smsCode',
  hold: [SMS_SEND],
  boot: {
    'the server asks for 60 s': {
      skip:
        'its 387 edges start 122 countdowns (122 codes) over ~4 000 steps, and the reference back end sends ' +
        'at most 30 codes an hour to one address: run bounded (below)',
    },
    'the server asks for 3 s': {
      skip: 'the reference back end always asks for 60 s (SMS_RESEND_COOLDOWN_MS)',
    },
    'the server gives no wait': { skip: 'the reference back end always gives a wait (60 s)' },
    [BOUNDED]: {
      path: FORM.register,
      backend: async () => {
        typed.length = 0;
      },
    },
  },
  drive: {
    'sms.send': sendCode,
    [`xstate.done.actor.${SENDING}`]: answer,
    [`xstate.error.actor.${SENDING}`]: answer,
  },
  // Paths of ~140 steps (about 10 s each on this machine), one reset code in all (see BOUNDED).
  maxWalk: 150,
  see: {
    // issue 4 §1: nothing in flight, no countdown: the button offers a code; a refused send says why.
    idle: (seen) => {
      const button = codeButton();
      expect(button.textContent).toBe(TEXT.send);
      expect((button as HTMLButtonElement).disabled).toBe(false);
      expect(within(codeField()).queryByText(TEXT.sent)).toBeNull();
      const calls = sendCalls(seen);
      if (seen.event.type === `xstate.error.actor.${SENDING}`) {
        const [call] = seen.backend.calls.filter((c) => SMS_SEND.test(c.url)).slice(-1);
        // spec §8: 6035 shows the server's message; a call that never reached the server, network disconnected.
        const message =
          call!.status === 0
            ? TEXT.offline
            : (call!.answer as { status_code: number; message: string }).message;
        if (call!.status !== 0) expect((call!.answer as { status_code: number }).status_code).toBe(6035);
        expect(within(codeField()).getByRole('alert').textContent).toBe(message);
      } else {
        expect(within(codeField()).queryByRole('alert')).toBeNull();
      }
      expect(calls).toEqual([]);
    },
    // One call for the phone and purpose typed; the button says it is sending and cannot be pressed again.
    sending: (seen) => {
      const button = codeButton();
      expect(button.textContent).toBe(TEXT.sending);
      expect((button as HTMLButtonElement).disabled).toBe(true);
      const calls = sendCalls(seen);
      expect(calls.map((c) => [c.method, c.body])).toEqual([['POST', typed.at(-1)]]);
      expect(within(codeField()).queryByRole('alert')).toBeNull();
    },
    // issue 4 §1, spec §9: the seconds left, one less a second; the button cannot send to the same phone again.
    counting: (seen) => {
      const button = codeButton();
      expect(button.textContent).toBe(TEXT.resendIn(secondsLeft(seen)));
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(within(codeField()).getByText(TEXT.sent)).toBeTruthy();
      expect(sendCalls(seen)).toEqual([]);
      const [last] = seen.backend.calls.filter((c) => SMS_SEND.test(c.url)).slice(-1);
      expect(last!.body).toEqual(typed.at(-1));
    },
  },
});
