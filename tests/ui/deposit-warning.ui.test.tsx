// The deposit warning's generated paths on the rendered app (issue 18 §2; spec §2: the deposit-safety warning,
// the /mine pages are a member's, a session ending on a /mine page sends the player home).
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AreaInput } from '../../machines/area.ts';
import { loginMember } from '../../src/api/user/login.ts';
import { DEPOSIT, depositWarningModel, pathsOf, WALLET } from '../machines/wallet/deposit-warning.model.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';

/** The demo player the reference back end seeds (server/db/seed.ts, docs/api.md login). */
const DEMO = { countryCode: '86', phone: '13800138000', password: 'demo1234' };
/** spec §3 local items: the token (X-API-TOKEN), the remember-login flag (loginInfo.isChecked), userName. */
const TOKEN_KEY = 'X-API-TOKEN';

/** What the player reads (zh-CN catalogue): the warning (spec §2) and its one button. */
const TEXT = {
  title: '防骗提醒',
  body: '如有客服人员主动向您提供银行卡号并引导您充值，请勿进行任何资金往来，否则造成的损失将由您自行承担，平台概不负责。',
  understood: '我知道了',
};
/** The pages' headings (zh-CN catalogue, spec §2 paths). */
const HEADING: Record<string, string> = { [DEPOSIT]: '充值', [WALLET]: '我的钱包' };
/** The links that lead there (zh-CN catalogue): the wallet page's 充值, the tab bar's 钱包. */
const LINK: Record<string, string> = { [DEPOSIT]: '充值', [WALLET]: '钱包' };

/**
 * A device that kept the demo player's login ("remember login" ticked, spec §3/§5: the X-API-TOKEN cookie and
 * local item, loginInfo.isChecked, userName), from a real login on the reference back end made by the boot's
 * back-end step (the page is prepared after it).
 */
function memberDevice() {
  const storage: Record<string, unknown> = {};
  const backend = async (b: UiBackend) => {
    const { token, userName } = await loginMember({ ...DEMO, remember: true });
    // WORKAROUND (framework: UiBoot has no cookies): the page is prepared (cookies cleared, then the storage
    // written) after this step; the token's cookie is set as its local item is written.
    Object.defineProperty(storage, TOKEN_KEY, {
      enumerable: true,
      configurable: true,
      get: () => {
        document.cookie = `${TOKEN_KEY}=${token}; path=/`;
        return token;
      },
    });
    storage['loginInfo'] = { isChecked: true };
    storage['userName'] = userName;
    // What travelled to log in before the visit is not the page's.
    b.calls.length = 0;
  };
  return { storage, backend };
}

/**
 * The player goes to another page of the area: by the page's own link (the wallet page's 充值, the tab bar's
 * 钱包) when one leads there and nothing covers it; else (an open warning is modal; no link carries a query)
 * the way the browser's back/forward does it (a popstate the router follows).
 */
async function goTo({ app, user }: UiStep, path: string, search: string) {
  const link = search === '' && warnings().length === 0 ? LINK[path] : undefined;
  if (link) {
    await user.click(await screen.findByRole('link', { name: link }));
  } else {
    await act(async () => {
      window.history.pushState(null, '', path + search);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      await Promise.resolve();
    });
  }
  // The router reports the new address from an effect: the step is over once the app heard it.
  await waitFor(() => expect(app.getSnapshot().context).toMatchObject({ path, search }));
}

const warnings = () => screen.queryAllByRole('alertdialog', { name: TEXT.title });

/**
 * spec §2: the player is on the page they opened (a member's /mine page: its heading, their name in the header);
 * the warning shows once they opened the deposit page (the area starting there, or coming from another page),
 * one dialog, never stacked again while they move around on it (nothing in these paths closes it).
 */
function watching(seen: UiSeen) {
  const paths = pathsOf(seen.input as AreaInput, seen.history);
  expect(window.location.pathname).toBe(paths.at(-1));
  expect(screen.getByRole('heading', { level: 1, name: HEADING[paths.at(-1)!] })).toBeTruthy();
  expect(screen.getByRole('link', { name: /您好/, hidden: true })).toBeTruthy();
  if (!paths.includes(DEPOSIT)) {
    expect(warnings()).toEqual([]);
    return;
  }
  // spec §2: entering the deposit page warns once, whether the player landed on it or came from another page.
  // (This found a bug: the wallet area's actor dropped route changes that also opened or closed a page flow;
  // the route now has a region of its own in machines/wallet/wallet.machine.ts.)
  const [dialog, ...more] = warnings();
  expect(more, 'one warning, not stacked').toEqual([]);
  expect(within(dialog!).getByText(TEXT.body)).toBeTruthy();
  expect(within(dialog!).getByRole('button', { name: TEXT.understood })).toBeTruthy();
}

const member = memberDevice();

describeUiModel(depositWarningModel, {
  // The warning is the wallet area actor's child (machines/wallet/wallet.machine.ts), which forwards it the route.
  systemId: 'depositWarning',
  boot: {
    'entering the wallet elsewhere': { path: WALLET, ...member },
    'landing on the deposit page': { path: DEPOSIT, ...member },
  },
  drive: {
    'route.changed': async (step) => {
      const { path, search } = step.event as unknown as { path: string; search: string };
      await goTo(step, path, search);
    },
  },
  cannot: (event) => {
    const { path, search } = event as unknown as { path?: string; search?: string };
    if (
      event.type === 'route.changed' &&
      path + (search ?? '') === window.location.pathname + window.location.search
    )
      return 'the router reports a change of address only: the same address again is no event';
    return null;
  },
  maxWalk: 0,
  see: { watching },
});
