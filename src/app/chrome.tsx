import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { t } from '../i18n/zh-CN.ts';
import { formatFen } from '../protocol/money.ts';
import { maskPhone } from '../lib/phone-mask.ts';
import { loginStatus } from '../../machines/session.machine.ts';
import { useSystemActor } from './system.ts';

/** Desktop top navigation: the game categories (issue 3 §2). */
const CATEGORY_LINKS = [
  { to: '/', label: t.nav.home, end: true },
  { to: '/game/chess', label: t.categories.QP },
  { to: '/game/sport', label: t.categories.TY },
  { to: '/game/realbet', label: t.categories.ZR },
  { to: '/game/egame', label: t.categories.DZ },
  { to: '/game/lottery', label: t.categories.CP },
  { to: '/game/gaming', label: t.categories.DJ },
  { to: '/game/fishing', label: t.categories.BY },
  { to: '/activity/discount', label: t.nav.activity },
  { to: '/mine/vip', label: t.nav.vip },
];

const TAB_ICONS = {
  home: 'M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  activity:
    'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z',
  customer:
    'M4 14v-3a8 8 0 0 1 16 0v3M4 14a2 2 0 0 0 2 2h1v-5H6a2 2 0 0 0-2 2zM20 14a2 2 0 0 1-2 2h-1v-5h1a2 2 0 0 1 2 2zM18 16c0 2.5-2.5 4-6 4',
  wallet: 'M3 7a2 2 0 0 1 2-2h14v4M3 7v11a2 2 0 0 0 2 2h16V9H5a2 2 0 0 1-2-2zM16 14.5h.01',
  mine: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM3.5 21a8.5 8.5 0 0 1 17 0',
} as const;

/** Phone bottom tab bar: home, activities, customer service, wallet, mine (issue 3 §2). */
const TABS = [
  { to: '/', label: t.nav.home, icon: TAB_ICONS.home, end: true },
  { to: '/activity/discount', label: t.nav.activity, icon: TAB_ICONS.activity },
  { to: '/customer/main', label: t.nav.customer, icon: TAB_ICONS.customer },
  { to: '/mine/finance/wallet', label: t.nav.wallet, icon: TAB_ICONS.wallet },
  { to: '/mine', label: t.nav.mine, icon: TAB_ICONS.mine, end: true },
];

function ThemeToggle() {
  const themeRef = useSystemActor('theme');
  const space = useSelector(themeRef, (s) => s.value === 'space');
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={t.nav.themeToggle(space)}
      title={t.nav.themeToggle(space)}
      onClick={() => themeRef.send({ type: 'theme.select', theme: space ? 'default' : 'space' })}
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        {space ? (
          <path d="M12 3v2M12 19v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M3 12h2M19 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z" />
        ) : (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        )}
      </svg>
    </button>
  );
}

/** The live socket's state, quietly: a dot with its meaning for assistive tech and on hover. */
function ConnectionDot() {
  const socketRef = useSystemActor('socket');
  const state = useSelector(socketRef, (s) => {
    if (!s) return 'connecting';
    if (s.matches({ link: 'paused' })) return 'paused';
    if (s.matches({ link: 'reconnecting' })) return 'reconnecting';
    return s.context.status === 1 ? 'online' : 'connecting';
  });
  return (
    <span className={`conn-dot conn-dot--${state}`} role="status" title={t.socket[state]}>
      <span className="visually-hidden">{t.socket[state]}</span>
    </span>
  );
}

/**
 * The central wallet in the header (issue 9 §2): member info's balance (withLockMoney), then each balance push
 * (msgId 20002) of the logged-in socket. Nothing before the server said it.
 */
function HeaderBalance() {
  const sessionRef = useSystemActor('session');
  const socketRef = useSystemActor('socket');
  const fromInfo = useSelector(sessionRef, (s) => s.context.member?.balance ?? null);
  // A push counts only on the member's own logged-in socket (a closed socket forgets who it was).
  const pushed = useSelector(socketRef, (s) =>
    s.context.loginData ? (s.context.lastBalance?.balance ?? null) : null,
  );
  const fen = pushed ?? fromInfo;
  if (fen === null) return null;
  const amount = t.wallet.yuan(formatFen(fen));
  return (
    <Link className="header-balance" to="/mine/finance/wallet" aria-label={`${t.wallet.central} ${amount}`}>
      {amount}
    </Link>
  );
}

/** Login and register for a visitor; the player's name and logout once logged in. */
function AccountActions() {
  const sessionRef = useSystemActor('session');
  const status = useSelector(sessionRef, loginStatus);
  // A kept login being restored shows the name the device knows until the server answers.
  const userName = useSelector(sessionRef, (s) => s.context.member?.userName ?? s.context.userName);
  // A URL token belongs to whoever the server says: neither a name nor the login links meanwhile.
  if (status === 'restoring' && userName === null) return null;
  if (status !== 'anonymous') {
    return (
      <>
        <ConnectionDot />
        <HeaderBalance />
        <Link className="account-name" to="/mine">
          {t.auth.welcome(maskPhone(userName ?? ''))}
        </Link>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() => sessionRef.send({ type: 'session.logout' })}
        >
          {t.auth.logout}
        </button>
      </>
    );
  }
  return (
    <>
      <Link className="btn btn--ghost btn--small" to="/user/login">
        {t.nav.login}
      </Link>
      <Link className="btn btn--small" to="/user/register">
        {t.nav.register}
      </Link>
    </>
  );
}

function Brand() {
  const gate = useSystemActor('siteGate');
  const logo =
    useSelector(gate, (s) => s?.context.preInfo?.SiteBaseConfigVo.webLogoTitleUrl) || '/media/logo.svg';
  return (
    <Link to="/" className="brand" aria-label={`${t.site.brand} ${t.nav.home}`}>
      <img src={logo} alt="" width="32" height="32" />
      <span>{t.site.brand}</span>
    </Link>
  );
}

export function Chrome({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t.site.skipToContent}
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <Brand />
          <nav className="topnav" aria-label={t.nav.main}>
            <ul>
              {CATEGORY_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end ?? false}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="topbar__actions">
            <ThemeToggle />
            <AccountActions />
          </div>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <p>{t.site.responsible}</p>
        <p>{t.site.copyright}</p>
      </footer>
      <nav className="tabbar" aria-label={t.nav.tabs}>
        <ul>
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end ?? false}>
                <svg
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d={tab.icon} />
                </svg>
                <span>{tab.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
