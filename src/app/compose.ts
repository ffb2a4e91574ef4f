// Binds the app machine's named effects to the API client and the browser (architecture: provide at composition).
import type { AppEffects, AppInput } from '../../machines/app.machine.ts';
import { THEMES, type Theme } from '../../machines/theme.machine.ts';
import { BusinessError } from '../api/errors.ts';
import { fetchPreInfo } from '../api/site/pre-info.ts';
import { t } from '../i18n/zh-CN.ts';
import { CODE } from '../protocol/api.ts';
import type { MemberInfo } from '../protocol/member.ts';
import type { PreInfo } from '../protocol/site.ts';
import {
  assignLocation,
  isMobileDevice,
  pageHidden,
  readEmbeddedPreInfo,
  sessionFlag,
  setDocumentTitle,
  setHtmlTheme,
  setSessionFlag,
  stripUrlParams,
  lockScroll,
  unlockScroll,
} from '../platform/page.ts';
import { readInviteCodes, saveInviteCodesFromUrl } from '../lib/invite-codes.ts';
import { setExtraHeaders } from '../api/client.ts';
import { loginMember } from '../api/user/login.ts';
import { logoutMember } from '../api/user/logout.ts';
import { fetchMemberInfo } from '../api/user/member-info.ts';
import { resetPassword } from '../api/user/password-reset.ts';
import { registerMember } from '../api/user/register.ts';
import { sendSmsCode } from '../api/user/sms-send.ts';
import { fetchMemberJwt } from '../api/user/member-jwt.ts';
import { streamConnection } from '../api/stream/connection.ts';
import {
  cacheMember,
  clearToken,
  adoptUrlToken,
  persistToken,
  readCachedMember,
  readToken,
  readUserName,
  rememberLoginTicked,
} from './session-store.ts';
import { cookiesEnabled } from '../platform/cookies.ts';
import { storageGet, storageRemove, storageSet } from '../platform/storage.ts';
import { SESSION_KEY, STORAGE_KEY } from './storage-keys.ts';

/** spec §6: an agent_verify value can be attached to requests. */
export const AGENT_VERIFY_HEADER = 'X-API-AGENT-VERIFY';

/** Paths of the mobile-app download flow, where maintenance does not redirect (spec §4). */
const APP_DOWNLOAD_PATHS = ['/download', '/download-page'];

/** Boot input of the app actor: everything read once from the URL and the device (spec §2, §3). */
export async function readBootInput(location: Location = window.location): Promise<AppInput> {
  const query = new URLSearchParams(location.search);
  const storedTheme = storageGet<string>(STORAGE_KEY.theme);
  // spec §2: agent_verify is stored locally and sent with requests (the session issue attaches it).
  const agentVerify = query.get('agent_verify');
  if (agentVerify) storageSet(STORAGE_KEY.agentVerify, agentVerify);
  // spec §4: invite codes from the URL are stored with a timestamp; registration reads the live ones.
  const codeStore = { get: storageGet, set: storageSet, remove: storageRemove };
  saveInviteCodesFromUrl(query, codeStore, Date.now());
  const embedded = readEmbeddedPreInfo<PreInfo>();
  // spec §2: appdown-token or token logs the player in; it leaves the address bar at once.
  const urlToken = query.get('appdown-token') || query.get('token') || null;
  if (urlToken) {
    stripUrlParams(['appdown-token', 'token']);
    // Kept as a session login, so every call (and a later focus check) carries it; the session machine then
    // asks the server whose it is.
    adoptUrlToken(urlToken);
  }
  const token = readToken();
  if (agentVerify || storageGet<string>(STORAGE_KEY.agentVerify)) {
    setExtraHeaders({
      [AGENT_VERIFY_HEADER]: agentVerify ?? storageGet<string>(STORAGE_KEY.agentVerify) ?? '',
    });
  }
  return {
    gate: {
      cookiesEnabled: cookiesEnabled(),
      embedded,
      isMobileDevice: isMobileDevice(),
      appDownloadMode: query.has('appdown-token') || APP_DOWNLOAD_PATHS.includes(location.pathname),
      origin: location.origin,
      iCode: query.get('i_code'),
    },
    theme: {
      stored: (THEMES as readonly string[]).includes(storedTheme ?? '') ? (storedTheme as Theme) : null,
      query: query.get('theme'),
    },
    title: { title: embedded?.SiteBaseConfigVo.title ?? t.site.defaultTitle, hidden: pageHidden() },
    alertSkipped: sessionFlag(SESSION_KEY.accessAlertSkip),
    session: {
      token,
      urlToken,
      userName: urlToken ? null : readUserName(),
      // Decrypted after the first paint (cachedMemberLater): crypto-js is not on the first load.
      cachedMember: null,
      rememberLogin: rememberLoginTicked(),
      inviteCodes: readInviteCodes(codeStore, Date.now()),
    },
  };
}

async function loadPreInfo() {
  try {
    return { preInfo: await fetchPreInfo(), alert: false };
  } catch (err) {
    // spec §8 6032: an access alert still carries the pre-info; the app actor decides about the alert page.
    if (err instanceof BusinessError && err.code === CODE.accessAlert && err.data) {
      return { preInfo: err.data as PreInfo, alert: true };
    }
    throw err;
  }
}

/**
 * The member cached (encrypted) on a device with a kept login, decrypted once the page is up (issue 8 §4: crypto-js
 * loads after the first paint); null for a visitor.
 */
export function cachedMemberLater(): Promise<MemberInfo | null> {
  // A URL token was adopted at boot, which forgot the cached member: readCachedMember finds none then.
  return readToken() ? readCachedMember() : Promise.resolve(null);
}

/** The remember flag goes along with the answer so the machine can persist the token accordingly. */
async function withRemember<T>(call: Promise<T>, remember: boolean) {
  return { ...(await call), remember };
}

export const appEffects: AppEffects = {
  loadPreInfo,
  redirectExternal: assignLocation,
  applyTheme: setHtmlTheme,
  persistTheme: (theme) => storageSet(STORAGE_KEY.theme, theme),
  renderTitle: setDocumentTitle,
  persistAlertSkip: () => setSessionFlag(SESSION_KEY.accessAlertSkip),
  login: (request) => withRemember(loginMember(request), request.remember),
  // A new member's first session is a session login; "remember" is offered at the next login.
  register: (request) => withRemember(registerMember(request), false),
  resetPassword: async (request) => {
    await resetPassword(request);
  },
  fetchMember: fetchMemberInfo,
  logout: async () => {
    await logoutMember();
  },
  persistToken,
  clearToken,
  cacheMember: (member) => void cacheMember(member),
  reloadPage: () => window.location.reload(),
  sendSms: sendSmsCode,
  lockScroll,
  unlockScroll,
  connection: streamConnection,
  fetchJwt: fetchMemberJwt,
  // Full jitter between half and all of the base wait: reconnecting players do not arrive together.
  jitter: (ms) => Math.round(ms / 2 + Math.random() * (ms / 2)),
};
