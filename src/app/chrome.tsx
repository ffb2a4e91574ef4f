import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { t } from '../i18n/zh-CN.ts';
import { formatFen } from '../protocol/money.ts';
import { maskPhone } from '../lib/phone-mask.ts';
import { logoutConfirmDialog } from '../../machines/dialogs.ts';
import { loginStatus } from '../../machines/session.machine.ts';
import { useSystemActor } from './system.ts';
import { fetchUnreadMail } from '../api/mail/mail.ts';
import { mailChromeText } from '../i18n/zh-CN-mail-chrome.ts';

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
 * The newer of two readings of the balance: member info (read again by the refresh) or the last push of the
 * logged-in socket (issue 9 §2). A push no longer shadows a refresh that came after it, nor the other way round.
 */
function useNewest<A, B>(info: A | null, push: B | null): 'info' | 'push' | null {
  const [seen, setSeen] = useState({
    info,
    push,
    newest: (push !== null ? 'push' : 'info') as 'info' | 'push',
  });
  if (seen.info !== info || seen.push !== push) {
    // React's pattern for state that follows what is rendered: set while rendering, re-rendered at once.
    const newest =
      push !== seen.push && push !== null
        ? 'push'
        : info !== seen.info && info !== null
          ? 'info'
          : seen.newest;
    setSeen({ info, push, newest });
  }
  if (info === null && push === null) return null;
  if (seen.newest === 'push' && push !== null) return 'push';
  return info !== null ? 'info' : 'push';
}

/**
 * The central wallet in the header (issue 9 §2, issue 19 §1 finding 1): member info's balance (withLockMoney) or
 * a balance push (msgId 20002) of the logged-in socket, whichever came last, and a refresh that reads member info
 * again. Nothing before the server said it.
 */
function HeaderBalance() {
  const sessionRef = useSystemActor('session');
  const socketRef = useSystemActor('socket');
  const member = useSelector(sessionRef, (s) =>
    s.context.member?.balance !== undefined ? s.context.member : null,
  );
  // A push counts only on the member's own logged-in socket (a closed socket forgets who it was).
  const pushed = useSelector(socketRef, (s) => (s.context.loginData ? s.context.lastBalance : null));
  const refreshing = useSelector(sessionRef, (s) => s.value === 'loadingMember');
  const newest = useNewest(member, pushed);
  const fen = newest === 'push' ? pushed!.balance : newest === 'info' ? member!.balance! : null;
  const amount = fen === null ? null : t.wallet.yuan(formatFen(fen));
  return (
    <span className="header-wallet">
      {amount !== null && (
        <Link
          className="header-balance"
          to="/mine/finance/wallet"
          aria-label={`${t.wallet.central} ${amount}`}
        >
          {amount}
        </Link>
      )}
      <button
        type="button"
        className={`icon-btn icon-btn--small header-refresh${refreshing ? ' is-busy' : ''}`}
        aria-label={t.header.refreshBalance}
        title={refreshing ? t.header.refreshingBalance : t.header.refreshBalance}
        aria-busy={refreshing || undefined}
        onClick={() => {
          if (!refreshing) sessionRef.send({ type: 'session.refresh' });
        }}
      >
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
        </svg>
      </button>
    </span>
  );
}

/** The VIP badge: the member's level (member info vipLevel), a link to the VIP privileges. */
function VipBadge() {
  const sessionRef = useSystemActor('session');
  const level = useSelector(sessionRef, (s) => s.context.member?.vipLevel ?? null);
  if (level === null) return null;
  return (
    <Link className="vip-badge" to="/mine/vip" aria-label={t.header.vipLink(level)}>
      {t.header.vipBadge(level)}
    </Link>
  );
}

/**
 * The member's mail entry with the unread count (issue 13 §2: the count in the chrome updates live). Read once from
 * the API when the member logs in; after that the socket's last 'mail' / 'feedback' push (msgId 20006) says it, or,
 * for a broadcast that carries no count (docs/mail.md), makes it read again.
 */
// Its few styles travel with it (the shell's stylesheet is shared; React sets them through the CSSOM, CSP-safe).
const BADGE_STYLE = {
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 32,
  minHeight: 32,
  color: 'inherit',
} as const;
const COUNT_STYLE = {
  position: 'absolute',
  top: -2,
  right: -6,
  minWidth: 16,
  height: 16,
  padding: '0 4px',
  borderRadius: 8,
  background: 'var(--brand)',
  color: 'var(--brand-contrast)',
  fontSize: 11,
  fontWeight: 700,
  lineHeight: '16px',
  textAlign: 'center',
} as const;

function MailBadge() {
  const socketRef = useSystemActor('socket');
  const [count, setCount] = useState<number | null>(null);
  const [reads, setReads] = useState(0);
  // The newest push of either topic; its at changes with every push.
  const push = useSelector(socketRef, (s) => {
    const { mail, feedback } = s.context.memberChanges;
    return !mail ? (feedback ?? null) : !feedback ? mail : mail.at >= feedback.at ? mail : feedback;
  });
  const pushAt = push?.at ?? null;
  const pushUnread = push?.unread;
  useEffect(() => {
    if (pushAt === null) return;
    if (pushUnread !== undefined) setCount(pushUnread);
    else setReads((n) => n + 1);
  }, [pushAt, pushUnread]);
  useEffect(() => {
    let live = true;
    fetchUnreadMail().then(
      (r) => {
        if (live) setCount(r.unread);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [reads]);
  return (
    <Link
      className="mail-badge"
      to="/mine/mail"
      aria-label={mailChromeText.mailLink(count)}
      style={BADGE_STYLE}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M3 6h18v12H3zM3 7l9 6 9-6" />
      </svg>
      {count !== null && count > 0 && (
        <span className="mail-badge__count" aria-hidden="true" data-unread={count} style={COUNT_STYLE}>
          {mailChromeText.badge(count)}
        </span>
      )}
    </Link>
  );
}

/**
 * Who is logged in, at every size (issue 19 §1 finding 1): the live socket's dot, the masked name, the VIP badge
 * and the balance with its refresh. On a phone it is the header's second row (styles.css .member-strip).
 */
function MemberStrip() {
  const sessionRef = useSystemActor('session');
  const status = useSelector(sessionRef, loginStatus);
  // A kept login being restored shows the name the device knows until the server answers.
  const userName = useSelector(sessionRef, (s) => s.context.member?.userName ?? s.context.userName);
  if (status === 'anonymous' || userName === null) return null;
  return (
    <div className="member-strip">
      <ConnectionDot />
      <Link className="account-name" to="/mine" aria-label={t.auth.welcome(maskPhone(userName))}>
        <span className="account-name__greeting">{t.auth.greeting}</span>
        {maskPhone(userName)}
      </Link>
      <VipBadge />
      {status === 'member' && <MailBadge />}
      {status === 'member' && <HeaderBalance />}
    </div>
  );
}

/** Login and register for a visitor; logout (asked first: machines/dialogs.ts) once logged in. */
function AccountActions() {
  const sessionRef = useSystemActor('session');
  const modals = useSystemActor('modals');
  const status = useSelector(sessionRef, loginStatus);
  const userName = useSelector(sessionRef, (s) => s.context.member?.userName ?? s.context.userName);
  // A URL token belongs to whoever the server says: neither a name nor the login links meanwhile.
  if (status === 'restoring' && userName === null) return null;
  if (status !== 'anonymous') {
    return (
      <button
        type="button"
        className="btn btn--ghost btn--small"
        onClick={() => modals.send({ type: 'modal.open', spec: logoutConfirmDialog() })}
      >
        {t.auth.logout}
      </button>
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

function Brand({ linked }: { linked: boolean }) {
  const gate = useSystemActor('siteGate');
  const logo =
    useSelector(gate, (s) => s?.context.preInfo?.SiteBaseConfigVo.webLogoTitleUrl) || '/media/logo.svg';
  const inside = (
    <>
      <img src={logo} alt="" width="32" height="32" />
      <span>{t.site.brand}</span>
    </>
  );
  // While the site is down the home page is the maintenance page itself: the brand is a name, not a link.
  if (!linked) return <div className="brand">{inside}</div>;
  return (
    <Link to="/" className="brand" aria-label={`${t.site.brand} ${t.nav.home}`}>
      {inside}
    </Link>
  );
}

/**
 * The frame of every page. While the site is under maintenance it is minimal (issue 19 §1 finding 6): brand,
 * theme toggle and footer, no navigation whose links lead nowhere. While a dialog is open everything in it is
 * inert (finding 4): neither the keyboard nor a screen reader reaches the page behind the modal host.
 */
export function Chrome({ children }: { children: ReactNode }) {
  const gate = useSystemActor('siteGate');
  const modals = useSystemActor('modals');
  const down = useSelector(gate, (s) => s?.matches('maintenance') ?? false);
  const dialogOpen = useSelector(modals, (s) => (s?.context.modals.length ?? 0) > 0);
  return (
    <div className={`shell${down ? ' shell--minimal' : ''}`} inert={dialogOpen}>
      <a className="skip-link" href="#main">
        {t.site.skipToContent}
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <Brand linked={!down} />
          {!down && (
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
          )}
          {!down && <MemberStrip />}
          <div className="topbar__actions">
            <ThemeToggle />
            {!down && <AccountActions />}
          </div>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      {/* On every page at every size (finding 3); on a phone above the tab bar, never behind it. */}
      <footer className="footer">
        <p className="footer__responsible">{t.site.responsible}</p>
        <p className="footer__sandbox">{t.site.copyright}</p>
      </footer>
      {!down && (
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
      )}
    </div>
  );
}
