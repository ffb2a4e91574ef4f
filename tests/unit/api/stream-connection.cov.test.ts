// The live socket as the socket machine sees it (spec §4 socket status, §7 socket /stream/ws/v1/handshake with the
// host from the configuration): it asks where the socket is, opens it, reports open/message/close and sends
// commands while open.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup, type EventObject } from 'xstate';
import { setHttpAdapter } from '../../../src/api/client.ts';
import { streamConnection } from '../../../src/api/stream/connection.ts';
import { fetchStreamInfo, streamUrl } from '../../../src/api/stream/stream-info.ts';
import { STREAM_INFO_PATH, type StreamInfo, type StreamMessage } from '../../../src/protocol/stream.ts';
import { fail, fakeHttp, ok, type FakeHandler } from './fake-http.ts';

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = FakeSocket.CLOSED;
  }
  // What the server does:
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  drop(code: number) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

const INFO: StreamInfo = { host: 'ws.example.test:9000', path: '/stream/ws/v1/handshake', heartbeatMs: 5000 };

const recorder = setup({
  types: { context: {} as { got: EventObject[] } },
  actors: { connection: streamConnection },
}).createMachine({
  context: { got: [] },
  invoke: { id: 'connection', src: 'connection' },
  on: { '*': { actions: assign({ got: ({ context, event }) => [...context.got, event] }) } },
});

function serve(handler: FakeHandler) {
  const fake = fakeHttp(handler);
  setHttpAdapter(fake.adapter);
  return fake;
}

function connect() {
  const actor = createActor(recorder);
  actor.start();
  return {
    actor,
    got: () => actor.getSnapshot().context.got,
    command: (msg: StreamMessage) => actor.getSnapshot().children.connection!.send({ type: 'ws.send', msg }),
  };
}

async function opened(): Promise<FakeSocket> {
  await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  return FakeSocket.all[0]!;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  setHttpAdapter();
  vi.unstubAllGlobals();
});

describe('streamUrl', () => {
  it('follows the page scheme and adds clientType=web', () => {
    expect(streamUrl(INFO, { protocol: 'https:', host: 'site.test' })).toBe(
      'wss://ws.example.test:9000/stream/ws/v1/handshake?clientType=web',
    );
    expect(streamUrl(INFO, { protocol: 'http:', host: 'site.test' })).toBe(
      'ws://ws.example.test:9000/stream/ws/v1/handshake?clientType=web',
    );
  });

  it("uses the page's own host when the configuration gives none", () => {
    expect(streamUrl({ ...INFO, host: '' }, { protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/stream/ws/v1/handshake?clientType=web',
    );
  });
});

describe('streamConnection', () => {
  it('asks where the socket is, then opens it there and reports it open', async () => {
    const { requests } = serve(() => ok(INFO));
    const { got } = connect();
    const socket = await opened();
    expect(requests[0]).toMatchObject({ method: 'GET', url: STREAM_INFO_PATH });
    expect(socket.url).toBe(streamUrl(INFO, window.location));
    expect(got()).toEqual([]);
    socket.open();
    expect(got()).toEqual([{ type: 'ws.open' }]);
  });

  it('reports JSON messages and ignores anything else', async () => {
    serve(() => ok(INFO));
    const { got } = connect();
    const socket = await opened();
    socket.open();
    socket.receive('{"msgId":0,"body":{}}');
    socket.receive('not json');
    expect(got()).toEqual([{ type: 'ws.open' }, { type: 'ws.message', msg: { msgId: 0, body: {} } }]);
  });

  it('sends commands as JSON only while the socket is open', async () => {
    serve(() => ok(INFO));
    const { command } = connect();
    const socket = await opened();
    command({ msgId: 0, body: {} });
    expect(socket.sent).toEqual([]);
    socket.open();
    command({ msgId: 10001, token: 'jwt', body: {} });
    expect(socket.sent.map((s) => JSON.parse(s) as unknown)).toEqual([
      { msgId: 10001, token: 'jwt', body: {} },
    ]);
  });

  it('reports a close by the server with its code', async () => {
    serve(() => ok(INFO));
    const { got } = connect();
    const socket = await opened();
    socket.open();
    socket.drop(4001);
    expect(got().at(-1)).toEqual({ type: 'ws.close', code: 4001 });
  });

  it('reports a close with code 0 when the socket info cannot be fetched', async () => {
    serve(() => fail(10001, '失败'));
    const { got } = connect();
    await vi.waitFor(() => expect(got()).toEqual([{ type: 'ws.close', code: 0 }]));
    expect(FakeSocket.all).toEqual([]);
  });

  it('closes the socket normally (1000) when stopped, and reports nothing after', async () => {
    serve(() => ok(INFO));
    const { actor, got } = connect();
    const socket = await opened();
    socket.open();
    actor.stop();
    expect(socket.closedWith).toBe(1000);
    socket.drop(1000);
    expect(got()).toEqual([{ type: 'ws.open' }]);
  });

  it('opens no socket when stopped before the socket info arrived', async () => {
    let answer: (reply: ReturnType<typeof ok>) => void = () => {};
    const { requests } = serve(() => new Promise((resolve) => (answer = resolve)));
    const { actor } = connect();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    actor.stop();
    answer(ok(INFO));
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeSocket.all).toEqual([]);
  });

  it('reports nothing when the socket info fails after it was stopped', async () => {
    let answer: (reply: ReturnType<typeof fail>) => void = () => {};
    const { requests } = serve(() => new Promise((resolve) => (answer = resolve)));
    const { actor, got } = connect();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const before = got().length;
    actor.stop();
    answer(fail(10001, '失败'));
    await new Promise((r) => setTimeout(r, 20));
    expect(got()).toHaveLength(before);
  });
});

it('fetchStreamInfo returns the configuration', async () => {
  serve(() => ok(INFO));
  await expect(fetchStreamInfo()).resolves.toEqual(INFO);
});
