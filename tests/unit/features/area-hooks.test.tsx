// The hooks the pages read the app's actors with (src/features/auth/use-session.ts, src/features/wallet/use-wallet.ts):
// what a page gets is what the actor holds. useSession hands the auth forms the session child's state and the
// member it knows (the user name shown in the header and the forms, issue 3/4); the wallet hooks hand the wallet
// pages the wallet area's actor (systemId `wallet`, issue 9 §2), its transfer form (systemId `transferForm`) and,
// on the record page only, the record query (the wallet's child `records`, issue 9 §4). Rendered under a
// stand-in app actor whose children are the real machines (effects that never answer).
//
// Closes the survivors of use-session.ts (12/22) and use-wallet.ts (0/6) of the 2026-11-25 run.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, setup, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { walletMachine } from '../../../machines/wallet/wallet.machine.ts';
import { AppActor } from '../../../src/app/app-actor.ts';
import { usePreInfo, useSession } from '../../../src/features/auth/use-session.ts';
import { useRecords, useTransferForm, useWallet } from '../../../src/features/wallet/use-wallet.ts';

afterEach(cleanup);

const never = fromPromise(() => new Promise<never>(() => {}));
const MEMBER = { userId: 7, userName: '13800138000', balance: 0, lockMoney: 0 };
const PRE_INFO = { SiteBaseConfigVo: { title: '星耀棋牌官网' } };

/** A shell child standing in for the session or the site gate: the state and context given. */
const shellChild = (value: string, context: Record<string, unknown>) =>
  createMachine({ initial: value, context, states: { [value]: {} } });

/** A stand-in app actor: the shell children given, and the wallet area when `wallet` is set. */
function appWith(opts: { session?: AnyActorLogic; siteGate?: AnyActorLogic; walletAt?: string }) {
  const wallet = walletMachine.provide({
    actors: { loadWallet: never, recall: never, switchAuto: never, refreshVenue: never } as never,
  });
  return setup({
    actors: {
      session: opts.session ?? shellChild('anonymous', {}),
      siteGate: opts.siteGate ?? shellChild('open', { preInfo: null }),
      wallet,
    },
  }).createMachine({
    context: { areas: opts.walletAt ? ['wallet'] : [] },
    invoke: [
      { src: 'session', systemId: 'session' },
      { src: 'siteGate', systemId: 'siteGate' },
      ...(opts.walletAt
        ? [{ id: 'wallet', src: 'wallet' as const, systemId: 'wallet', input: { path: opts.walletAt } }]
        : []),
    ],
    on: {
      'test.route': {
        actions: [
          ({ system, event }) =>
            (system.get('wallet') as AnyActorRef).send({
              type: 'route.changed',
              path: event['path'],
              search: '',
            }),
          assign({ areas: ({ context }) => context.areas }),
        ],
      },
    },
  });
}

function renderHooks<T>(logic: unknown, read: () => T) {
  const seen: { current: T | undefined; app: AnyActorRef | null } = { current: undefined, app: null };
  function Probe() {
    seen.app = AppActor.useActorRef() as unknown as AnyActorRef;
    seen.current = read();
    return null;
  }
  render(
    <AppActor.Provider logic={logic as never}>
      <Probe />
    </AppActor.Provider>,
  );
  return seen;
}

describe('useSession / usePreInfo (the auth forms)', () => {
  it('hands the forms the session state, its last answer and the member it knows', () => {
    const error = { code: 6002, message: '账号或密码错误', path: '/login' };
    const notice = { message: '验证码已发送' };
    const session = shellChild('loggedIn', {
      error,
      notice,
      rememberLogin: true,
      inviteCodes: { invite_code: 'ABCD' },
      member: MEMBER,
      userName: '13800138000',
    });
    const seen = renderHooks(appWith({ session }), useSession);
    expect(seen.current).toEqual({
      state: 'loggedIn',
      error,
      notice,
      rememberLogin: true,
      inviteCodes: { invite_code: 'ABCD' },
      member: MEMBER,
      userName: '13800138000',
    });
  });

  it('an anonymous session: no member, no user name, nothing to show', () => {
    const session = shellChild('anonymous', {
      error: null,
      notice: null,
      rememberLogin: false,
      inviteCodes: {},
      member: null,
      userName: null,
    });
    const seen = renderHooks(appWith({ session }), useSession);
    expect(seen.current).toMatchObject({ state: 'anonymous', member: null, userName: null, error: null });
  });

  it('usePreInfo hands the forms the site pre-info the gate read (spec §3: stopLogin, disablePhones …)', () => {
    const seen = renderHooks(appWith({ siteGate: shellChild('open', { preInfo: PRE_INFO }) }), usePreInfo);
    expect(seen.current).toEqual(PRE_INFO);
  });
});

describe('useWallet / useTransferForm / useRecords (the wallet pages, issue 9)', () => {
  it('outside the wallet area there is no wallet, no transfer form and no record query', () => {
    const seen = renderHooks(appWith({}), () => ({
      wallet: useWallet(),
      form: useTransferForm(),
      records: useRecords(),
    }));
    expect(seen.current).toEqual({ wallet: undefined, form: undefined, records: undefined });
  });

  it('on the transfer page: the wallet area actor and its transfer form; no record query', () => {
    const seen = renderHooks(appWith({ walletAt: '/mine/finance/transfer' }), () => ({
      wallet: useWallet(),
      form: useTransferForm(),
      records: useRecords(),
    }));
    const system = seen.app!.system;
    expect(seen.current!.wallet).toBe(system.get('wallet'));
    expect(seen.current!.form).toBe(system.get('transferForm'));
    expect(seen.current!.form?.getSnapshot().context).toMatchObject({ direction: 'in', amountText: '' });
    expect(seen.current!.records).toBeUndefined();
  });

  it('on the record page the record query is there, and gone once the player leaves it', () => {
    const seen = renderHooks(appWith({ walletAt: '/mine/record/transRecord' }), () => ({
      records: useRecords(),
    }));
    const records = seen.current!.records;
    expect(records?.getSnapshot().context).toMatchObject({ filter: { kind: '', from: '', to: '' }, page: 1 });
    act(() => seen.app!.send({ type: 'test.route', path: '/mine/finance/wallet' }));
    expect(seen.current!.records).toBeUndefined();
  });
});
