// The composed app (src/app/app.tsx) with its real effects against a fake HTTP back end: it loads the site
// pre-info (spec §7 preInfo), renders the route the browser is on, shows the site title in the tab (spec §2),
// and, in a development build, offers the offline state machine inspector (issue 3 §6).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setHttpAdapter } from '../../../src/api/client.ts';
import { App } from '../../../src/app/app.tsx';
import { readBootInput } from '../../../src/app/compose.ts';
import { t } from '../../../src/i18n/zh-CN.ts';
import { fakeHttp, ok } from '../api/fake-http.ts';
import { preInfo } from './harness.tsx';

const PAGE = '/activity/discount';

/** No socket server here: the socket stays connecting. */
class SilentSocket {
  static readonly OPEN = 1;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

let requests: { url: string }[];

beforeEach(() => {
  vi.stubGlobal('WebSocket', SilentSocket);
  const fake = fakeHttp((request) => {
    if (request.url === '/site/api/v1/configuration/preInfo')
      return ok(
        preInfo({ SiteBaseConfigVo: { title: '星耀棋牌官网', webLogoTitleUrl: '', siteDomainUrl: '' } }),
      );
    if (request.url === '/site/api/v1/configuration/streamInfo')
      return ok({ host: '', path: '/stream/ws/v1/handshake', heartbeatMs: 5000 });
    return ok(null);
  });
  requests = fake.requests;
  setHttpAdapter(fake.adapter);
});

afterEach(() => {
  cleanup();
  setHttpAdapter();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('App', () => {
  it('loads the pre-info and renders the page the browser is on', async () => {
    window.history.replaceState(null, '', PAGE);
    render(<App input={await readBootInput()} />);
    expect(await screen.findByRole('heading', { level: 1, name: t.pages[PAGE]! })).toBeTruthy();
    expect(requests.map((r) => r.url)).toContain('/site/api/v1/configuration/preInfo');
    await waitFor(() => expect(document.title).toContain('星耀棋牌官网'));
  });

  it('offers the state machine inspector in a development build, listing the app actor', async () => {
    const user = userEvent.setup({ delay: null });
    window.history.replaceState(null, '', PAGE);
    render(<App input={await readBootInput()} />);
    await screen.findByRole('heading', { level: 1, name: t.pages[PAGE]! });
    await user.click(await screen.findByRole('button', { name: '打开状态机检查器' }));
    const tree = await screen.findByRole('list', { name: 'Actors' });
    await waitFor(() => expect(tree.textContent).toContain('modals'));
  });
});
