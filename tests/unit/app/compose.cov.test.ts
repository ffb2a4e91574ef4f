// The composition root: the boot input read from the URL and the device (spec §2 query parameters, §3 local
// items, §4 invite codes) and the app machine's effects bound to the API client and the browser.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, setExtraHeaders, setHttpAdapter } from '../../../src/api/client.ts';
import { BusinessError } from '../../../src/api/errors.ts';
import {
  AGENT_VERIFY_HEADER,
  appEffects,
  cachedMemberLater,
  readBootInput,
} from '../../../src/app/compose.ts';
import { cacheMember, persistToken } from '../../../src/app/session-store.ts';
import { t } from '../../../src/i18n/zh-CN.ts';
import { getCookie } from '../../../src/platform/cookies.ts';
import { storageGet, storageSet } from '../../../src/platform/storage.ts';
import type { MemberInfo } from '../../../src/protocol/member.ts';
import { fail, fakeHttp, ok, type FakeHandler } from '../api/fake-http.ts';

const PRE_INFO = {
  SiteBaseConfigVo: { title: '嵌入的站点标题', webLogoTitleUrl: '/logo.png', siteDomainUrl: '' },
  maintainConfig: { status: 1 },
};

const MEMBER: MemberInfo = {
  userId: 7,
  userName: 'player007',
  phone: '(86)13800138000',
  countryCode: '86',
  vipLevel: 2,
  inviteCode: 'ABC123',
  registeredAt: '2026-01-01',
};

function visit(url: string) {
  window.history.replaceState(null, '', url);
}

function serve(handler: FakeHandler) {
  const fake = fakeHttp(handler);
  setHttpAdapter(fake.adapter);
  return fake;
}

beforeEach(() => visit('/'));

afterEach(() => {
  setHttpAdapter();
  setExtraHeaders({});
  document.getElementById('pre-info')?.remove();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.classList.remove('scroll-locked');
  vi.restoreAllMocks();
  visit('/');
});

describe('readBootInput', () => {
  it('boots a first visit to / with defaults', async () => {
    const input = await readBootInput();
    expect(input.gate).toMatchObject({
      embedded: null,
      appDownloadMode: false,
      origin: window.location.origin,
      iCode: null,
      cookiesEnabled: true,
      isMobileDevice: false,
    });
    expect(input.theme).toEqual({ stored: null, query: null });
    expect(input.title).toEqual({ title: t.site.defaultTitle, hidden: false });
    expect(input.alertSkipped).toBe(false);
    expect(input.session).toMatchObject({
      token: null,
      urlToken: null,
      userName: null,
      cachedMember: null,
      rememberLogin: false,
    });
    expect(Object.values(input.session.inviteCodes).every((v) => v === '')).toBe(true);
  });

  it('reads the theme query and a valid stored theme (spec §2, §3 themes default and space)', async () => {
    storageSet('theme', 'space');
    visit('/?theme=1');
    expect((await readBootInput()).theme).toEqual({ stored: 'space', query: '1' });
    storageSet('theme', 'neon');
    expect((await readBootInput()).theme.stored).toBeNull();
  });

  it('takes the title and gate data from the pre-info the server embedded in the page', async () => {
    const el = document.createElement('script');
    el.id = 'pre-info';
    el.type = 'application/json';
    el.textContent = JSON.stringify(PRE_INFO);
    document.body.append(el);
    const input = await readBootInput();
    expect(input.gate.embedded).toEqual(PRE_INFO);
    expect(input.title.title).toBe('嵌入的站点标题');
  });

  it('ignores embedded pre-info that is not JSON', async () => {
    const el = document.createElement('script');
    el.id = 'pre-info';
    el.type = 'application/json';
    el.textContent = '{broken';
    document.body.append(el);
    const input = await readBootInput();
    expect(input.gate.embedded).toBeNull();
    expect(input.title.title).toBe(t.site.defaultTitle);
  });

  it('stores agent_verify and attaches it to every request, also on later visits (spec §2, §6)', async () => {
    const { requests } = serve(() => ok(null));
    visit('/?agent_verify=agent-42');
    await readBootInput();
    expect(storageGet('agent_verify')).toBe('agent-42');
    await apiGet('/site/api/v1/user/member/jwt');
    expect(requests[0]!.headers[AGENT_VERIFY_HEADER.toLowerCase()]).toBe('agent-42');

    setExtraHeaders({});
    visit('/');
    await readBootInput();
    await apiGet('/site/api/v1/user/member/jwt');
    expect(requests[1]!.headers[AGENT_VERIFY_HEADER.toLowerCase()]).toBe('agent-42');
  });

  it('sends no agent header when none was ever given', async () => {
    const { requests } = serve(() => ok(null));
    await readBootInput();
    await apiGet('/site/api/v1/user/member/jwt');
    expect(requests[0]!.headers[AGENT_VERIFY_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('logs in with a URL token and removes it from the address bar at once (spec §2)', async () => {
    persistToken('old-token', true, 'olduser');
    visit('/game/chess?token=url-token&i_code=INV9#top');
    const input = await readBootInput();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/game/chess?i_code=INV9#top',
    );
    expect(input.session).toMatchObject({ token: 'url-token', urlToken: 'url-token', userName: null });
    expect(getCookie('X-API-TOKEN')).toBe('url-token');
    expect(input.gate.iCode).toBe('INV9');
    expect(input.gate.appDownloadMode).toBe(false);
  });

  it('an appdown-token wins over token and switches to app-download mode (spec §2, §4)', async () => {
    visit('/?appdown-token=app-tok&token=other');
    const input = await readBootInput();
    expect(input.session.urlToken).toBe('app-tok');
    expect(input.gate.appDownloadMode).toBe(true);
    expect(window.location.search).toBe('');
  });

  it('is in app-download mode on /download and /download-page (spec §2 Other, §4)', async () => {
    visit('/download');
    expect((await readBootInput()).gate.appDownloadMode).toBe(true);
    visit('/download-page');
    expect((await readBootInput()).gate.appDownloadMode).toBe(true);
    visit('/downloads');
    expect((await readBootInput()).gate.appDownloadMode).toBe(false);
  });

  it('keeps a remembered login: token, user name and the remember flag (spec §3 local items)', async () => {
    persistToken('kept-token', true, 'player007');
    const input = await readBootInput();
    expect(input.session).toMatchObject({
      token: 'kept-token',
      urlToken: null,
      userName: 'player007',
      rememberLogin: true,
    });
  });

  it('stores the invite codes of the landing URL and hands them to registration (spec §4)', async () => {
    visit('/?r_code=R1&r_bet=B2&i_code=I3');
    const input = await readBootInput();
    expect(input.session.inviteCodes).toMatchObject({ r_code: 'R1', r_bet: 'B2', i_code: '' });
    visit('/');
    expect((await readBootInput()).session.inviteCodes.r_code).toBe('R1');
  });

  it('reports a mobile device and a hidden tab', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)');
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const input = await readBootInput();
    expect(input.gate.isMobileDevice).toBe(true);
    expect(input.title.hidden).toBe(true);
  });

  it('remembers that the player continued past the access alert in this tab (spec §8 6032)', async () => {
    appEffects.persistAlertSkip();
    expect((await readBootInput()).alertSkipped).toBe(true);
  });
});

describe('appEffects.loadPreInfo (spec §7 preInfo, §8 6032)', () => {
  it('posts platformType 6 and returns the pre-info', async () => {
    const { requests } = serve(() => ok(PRE_INFO));
    await expect(appEffects.loadPreInfo()).resolves.toEqual({ preInfo: PRE_INFO, alert: false });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/site/api/v1/configuration/preInfo',
      body: { platformType: 6 },
    });
  });

  it('an access alert (6032) still carries the pre-info', async () => {
    serve(() => ({ body: { status_code: 6032, message: '访问提醒', data: PRE_INFO } }));
    await expect(appEffects.loadPreInfo()).resolves.toEqual({ preInfo: PRE_INFO, alert: true });
  });

  it('other failures, and an alert without data, reject', async () => {
    serve(() => fail(6031, '受限'));
    await expect(appEffects.loadPreInfo()).rejects.toMatchObject({ code: 6031 });
    serve(() => fail(6032, '访问提醒'));
    const error = await appEffects.loadPreInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BusinessError);
    expect(error).toMatchObject({ code: 6032 });
  });
});

describe('appEffects: member calls', () => {
  const AUTH = { token: 'tok-1', expiresAt: null, userName: 'player007' };

  it('login sends the request and passes the remember flag along with the answer', async () => {
    const { requests } = serve(() => ok(AUTH));
    const request = { countryCode: '86', phone: '13800138000', password: 'secret12', remember: true };
    await expect(appEffects.login(request)).resolves.toEqual({ ...AUTH, remember: true });
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/site/api/v1/user/login', body: request });
  });

  it('a new member is not remembered (a session login until the next login)', async () => {
    const { requests } = serve(() => ok(AUTH));
    const request = {
      countryCode: '86',
      phone: '13800138000',
      smsCode: '123456',
      password: 'secret12',
      confirmPassword: 'secret12',
    };
    await expect(appEffects.register(request)).resolves.toEqual({ ...AUTH, remember: false });
    expect(requests[0]!.url).toBe('/site/api/v1/user/register');
  });

  it('password reset and logout resolve with nothing once the server accepted them', async () => {
    const { requests } = serve(() => ok(null));
    const reset = {
      countryCode: '86',
      phone: '13800138000',
      smsCode: '123456',
      password: 'secret12',
      confirmPassword: 'secret12',
    };
    await expect(appEffects.resetPassword(reset)).resolves.toBeUndefined();
    await expect(appEffects.logout()).resolves.toBeUndefined();
    expect(requests.map((r) => r.url)).toEqual([
      '/site/api/v1/user/password/reset',
      '/site/api/v1/user/logout',
    ]);
  });

  it('a refused logout rejects', async () => {
    serve(() => fail(10001, '失败'));
    await expect(appEffects.logout()).rejects.toBeInstanceOf(BusinessError);
  });
});

describe('appEffects: browser', () => {
  it('applies and persists the theme, renders the title', () => {
    appEffects.applyTheme('space');
    expect(document.documentElement.dataset.theme).toBe('space');
    appEffects.persistTheme('space');
    expect(storageGet('theme')).toBe('space');
    appEffects.renderTitle('星耀棋牌 - 首页');
    expect(document.title).toBe('星耀棋牌 - 首页');
  });

  it('locks and unlocks page scrolling (spec §2 modals)', () => {
    appEffects.lockScroll();
    expect(document.documentElement.classList.contains('scroll-locked')).toBe(true);
    appEffects.unlockScroll();
    expect(document.documentElement.classList.contains('scroll-locked')).toBe(false);
  });

  it('persists and clears the token', () => {
    appEffects.persistToken('tok-9', false, 'player009');
    expect(getCookie('X-API-TOKEN')).toBe('tok-9');
    appEffects.clearToken();
    expect(getCookie('X-API-TOKEN')).toBeUndefined();
  });

  it('jitters a reconnect wait between half and all of it', () => {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0);
    expect(appEffects.jitter(1000)).toBe(500);
    random.mockReturnValue(0.999999);
    expect(appEffects.jitter(1000)).toBe(1000);
    random.mockReturnValue(0.5);
    expect(appEffects.jitter(1000)).toBe(750);
  });
});

describe('cachedMemberLater (spec §3 encrypted cached user info, §5 empty cache read ignored)', () => {
  it('gives the cached member of a device with a kept login', async () => {
    persistToken('kept-token', true, 'player007');
    appEffects.cacheMember(MEMBER);
    await vi.waitFor(() => expect(storageGet('userInfo')).toBeTypeOf('string'));
    // Stored encrypted, not readable at a glance.
    expect(String(storageGet('userInfo'))).not.toContain('player007');
    await expect(cachedMemberLater()).resolves.toEqual(MEMBER);
  });

  it('gives nothing to a visitor, even with a cached member left over', async () => {
    await cacheMember(MEMBER);
    await expect(cachedMemberLater()).resolves.toBeNull();
  });

  it('gives nothing when a URL token replaced the login', async () => {
    persistToken('kept-token', true, 'player007');
    await cacheMember(MEMBER);
    visit('/?token=url-token');
    await readBootInput();
    await expect(cachedMemberLater()).resolves.toBeNull();
  });
});
