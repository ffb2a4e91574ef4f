// The live chat room on the home page (spec §1: a real-time chat/stream socket; §3 socket login data speechStatus,
// vipMin, vipMax; §4 socket login msgId 10001; §5 text width: characters above code 255 count 2), played against
// a fake socket server that answers the login, the history request and each message.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback, type EventObject } from 'xstate';
import type { ConnectionCommand } from '../../../machines/socket.machine.ts';
import { t } from '../../../src/i18n/zh-CN.ts';
import type { ChatMessage, LoginData, StreamMessage } from '../../../src/protocol/stream.ts';
import { fakeEffects, LOGGED_IN, preInfo, renderApp } from '../app/harness.tsx';

afterEach(cleanup);

const LOGIN: LoginData = {
  ok: true,
  speechStatus: 1,
  vipMin: 0,
  vipMax: 10,
  vipLevel: 3,
  memberId: 1001,
  userName: '138****8000',
  speechReason: null,
};

const HISTORY: ChatMessage[] = [
  {
    id: 1,
    room: 'live',
    memberId: 2,
    name: '139****1111',
    vipLevel: 5,
    text: '大家好',
    at: '2026-11-21T10:00:00Z',
  },
];

/** A socket server: opens at once, answers the login (10001) and the history (30003), echoes chat (30001). */
function fakeServer(login: LoginData = LOGIN) {
  const sent: StreamMessage[] = [];
  let push: (msg: StreamMessage) => void = () => {};
  let nextId = 100;
  const connection = fromCallback<ConnectionCommand, unknown, EventObject>(({ sendBack, receive }) => {
    push = (msg) => sendBack({ type: 'ws.message', msg });
    queueMicrotask(() => sendBack({ type: 'ws.open' }));
    receive(({ msg }) => {
      sent.push(msg);
      if (msg.msgId === 10001) push({ msgId: 10001, body: login });
      if (msg.msgId === 30003) push({ msgId: 30003, body: { room: 'live', messages: HISTORY } });
      if (msg.msgId === 30001) {
        const text = (msg.body as { text: string }).text;
        push({
          msgId: 30002,
          body: {
            id: nextId++,
            room: 'live',
            memberId: 1001,
            name: LOGIN.userName,
            vipLevel: 3,
            text,
            at: '',
          },
        });
      }
    });
    return () => {};
  });
  return { connection, sent, push: (msg: StreamMessage) => act(() => push(msg)) };
}

async function home(server: ReturnType<typeof fakeServer>, loggedIn = true) {
  const effects = {
    ...fakeEffects({ preInfo: preInfo({ siteVideoSkinOpen: true }) }),
    connection: server.connection,
  };
  renderApp('/', { effects, input: loggedIn ? { session: LOGGED_IN } : {} });
  return screen.findByRole('list', { name: t.chat.messages });
}

describe('live chat', () => {
  it('a visitor reads the room, with a link to log in instead of the form', async () => {
    const server = fakeServer();
    const list = await home(server, false);
    expect(await within(list).findByText('大家好')).toBeTruthy();
    expect(within(list).getByText('VIP5')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: t.chat.label })).toBeNull();
    const why = screen.getByText(t.chat.loginToSpeak, { exact: false });
    expect(within(why).getByRole('link', { name: t.nav.login }).getAttribute('href')).toBe('/user/login');
    expect(server.sent.some((m) => m.msgId === 10001)).toBe(false);
  });

  it('a member sends a message: it goes to the server trimmed, shows in the room and the field empties', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    const list = await home(server);
    const input = await screen.findByRole('textbox', { name: t.chat.label });
    const send = screen.getByRole('button', { name: t.chat.send });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(input, '  你好 ');
    // spec §5: "你好" is 4 width units (the spaces count 1 each).
    expect(screen.getByText(`7/120`)).toBeTruthy();
    await user.click(send);
    expect(server.sent.filter((m) => m.msgId === 30001)).toEqual([{ msgId: 30001, body: { text: '你好' } }]);
    expect(await within(list).findByText('你好')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('refuses text over 120 width units: the field is marked invalid and nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    await home(server);
    const input = await screen.findByRole('textbox', { name: t.chat.label });
    await user.click(input);
    await user.paste('长'.repeat(61));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('122/120')).toBeTruthy();
    expect((screen.getByRole('button', { name: t.chat.send }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(server.sent.some((m) => m.msgId === 30001)).toBe(false);
  });

  it("shows the server's refusal and clears it when the player types again", async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    await home(server);
    const input = await screen.findByRole('textbox', { name: t.chat.label });
    server.push({ msgId: 30004, body: { code: 30407, reason: 'tooFast', message: '' } });
    expect((await screen.findByRole('alert')).textContent).toBe(t.chat.reasons.tooFast);
    await user.type(input, 'a');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('a member outside the VIP range reads why instead of the form', async () => {
    const server = fakeServer({ ...LOGIN, vipMin: 5, vipMax: 9, speechReason: 'vipRange' });
    await home(server);
    const why = await screen.findByText(
      (t.chat.reasons.vipRange as (min: number, max: number) => string)(5, 9),
    );
    expect(why.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('textbox', { name: t.chat.label })).toBeNull();
  });
});
