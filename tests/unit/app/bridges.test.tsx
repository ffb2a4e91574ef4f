import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MARQUEE_GAP, MARQUEE_MAX_WIDTH } from '../../../machines/title-marquee.machine.ts';
import { textWidth } from '../../../machines/text-width.ts';
import { publishApiError } from '../../../src/api/error-bus.ts';
import { BusinessError, TransportError } from '../../../src/api/errors.ts';
import { t } from '../../../src/i18n/zh-CN.ts';
import { fakeEffects, preInfo, renderApp } from './harness.tsx';

afterEach(() => {
  cleanup();
  // Back to the jsdom default (a visible page).
  Reflect.deleteProperty(document, 'visibilityState');
});

const PAGE = '/user/login';

async function renderOpen(effects = fakeEffects()) {
  const view = renderApp(PAGE, { effects });
  await screen.findByRole('heading', { level: 1, name: t.auth.loginTitle });
  await view.bridged();
  return view;
}

describe('bridges: API errors', () => {
  it('a 6031 on the bus sends the player to the restriction page (access-caveat)', async () => {
    const { router } = await renderOpen();
    act(() => publishApiError(new BusinessError(6031, '访问受限')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/other/restrictionIp'));
    expect(router.state.location.search).toBe('?name=access-caveat');
    expect(await screen.findByRole('heading', { level: 1, name: t.screens.caveatTitle })).toBeTruthy();
  });

  it('passes coded errors to the app actor, but ignores a cancelled request', async () => {
    const { router, actor } = await renderOpen();
    // What the app actor is sent as api.error (the catalogue's input).
    const received: unknown[] = [];
    const app = actor.current!;
    app.system.inspect((ev) => {
      if (ev.type === '@xstate.event' && ev.actorRef === app && ev.event.type === 'api.error')
        received.push(ev.event['error']);
    });
    act(() => publishApiError(new TransportError('cancelled', t.apiErrors.cancelled)));
    expect(received).toEqual([]);

    act(() => publishApiError(new TransportError('timeout', t.apiErrors.timeout)));
    expect(received.at(-1)).toEqual({
      type: 'transport',
      code: 'timeout',
      message: t.apiErrors.timeout,
    });
    expect(router.state.location.pathname).toBe(PAGE);
  });
});

describe('bridges: page visibility', () => {
  // 17 characters above code 255: 34 units, wider than the 27 the tab shows without scrolling.
  const LONG = '星耀棋牌官方网站欢迎您来玩游戏娱乐';

  function setVisibility(state: DocumentVisibilityState) {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  }

  it('a hidden page shows the full title; a visible one scrolls it again', async () => {
    const effects = fakeEffects({
      preInfo: preInfo({ SiteBaseConfigVo: { title: LONG, webLogoTitleUrl: '', siteDomainUrl: '' } }),
    });
    expect(textWidth(LONG)).toBeGreaterThan(MARQUEE_MAX_WIDTH);
    await renderOpen(effects);
    // Scrolling: frames are the title plus the gap, rotated, never the bare title.
    await waitFor(() => expect(effects.renderTitle).toHaveBeenCalledWith(`${LONG}${MARQUEE_GAP}`));
    expect(effects.renderTitle).not.toHaveBeenCalledWith(LONG);

    setVisibility('hidden');
    expect(effects.renderTitle).toHaveBeenLastCalledWith(LONG);

    setVisibility('visible');
    // Scrolling again, from wherever the marquee had got to (the 350 ms step may have run meanwhile).
    const frame = effects.renderTitle.mock.lastCall![0];
    expect(frame).not.toBe(LONG);
    expect(frame).toHaveLength(LONG.length + 1);
    expect(frame + frame).toContain(`${LONG}${MARQUEE_GAP}`);
  });
});
