import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';
import { mineText } from '../../i18n/zh-CN-mine.ts';
import { avatarUrl, type MineSummary } from '../../protocol/profile.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { LoadFailed, useMine, yuan } from './parts.tsx';

const h = mineText.home;
const pageName = (path: string) => (t.pages as Record<string, string>)[path] ?? path;

/** The shortcuts a phone player reaches for first (spec §2 paths). */
const SHORTCUTS = [
  { path: '/mine/finance/deposit', label: h.deposit_ },
  { path: '/mine/finance/withdrawal', label: h.withdraw },
  { path: '/mine/finance/transfer', label: h.transfer },
  { path: '/mine/record/transRecord', label: h.records },
  { path: '/mine/vip', label: h.vip },
  { path: '/mine/mail', label: h.mail },
] as const;

/** Every /mine page of spec §2 a player opens from here, grouped as players expect (docs/member-centre.md). */
export const MINE_GROUPS = [
  {
    name: mineText.groups.money,
    paths: [
      '/mine/finance/wallet',
      '/mine/finance/deposit',
      '/mine/finance/withdrawal',
      '/mine/finance/transfer',
      '/mine/balance',
      '/mine/addBankCard',
      '/mine/virtualCoinCard',
      '/mine/finance/introTutorial',
    ],
  },
  {
    name: mineText.groups.records,
    paths: [
      '/mine/record/transRecord',
      '/mine/record/betRecord',
      '/mine/record/giftRecord',
      '/mine/record/welfare',
      '/mine/record/currencyRecord',
      '/mine/mall/record',
      '/mine/mall/coinRecord',
      '/mine/audit',
    ],
  },
  {
    name: mineText.groups.welfare,
    paths: ['/mine/vip', '/mine/vip/details', '/mine/rebate', '/mine/currency'],
  },
  {
    name: mineText.groups.account,
    paths: ['/mine/userInfo', '/mine/userInfo/authentication', '/mine/mail', '/mine/feedback'],
  },
] as const;

/** Progress toward a threshold, 0–100 (a threshold of 0 is met). */
const percent = (done: number, need: number) =>
  need <= 0 ? 100 : Math.min(100, Math.floor((done * 100) / need));

function Progress({ label, done, need }: { label: string; done: number; need: number }) {
  return (
    <div className="mine-progress">
      <div className="mine-progress__row">
        <span>{label}</span>
        <span>{h.of(yuan(Math.min(done, need)), yuan(need))}</span>
      </div>
      <progress max={100} value={percent(done, need)} aria-label={`${label} ${percent(done, need)}%`} />
    </div>
  );
}

/** The live unread count: the latest 'mail' push when it is newer than the summary, else the summary's. */
function useUnread(summary: MineSummary) {
  const socket = useSystemActor('socket');
  const pushed = useSelector(socket, (s) => s.context.memberChanges.mail?.unread);
  return typeof pushed === 'number' ? pushed : summary.unreadMail;
}

/** The summary is read again on the 'vip' and 'mail' pushes and on balance pushes (issue 13 §1). */
function useRefreshOnPushes(send: (() => void) | null) {
  const socket = useSystemActor('socket');
  const balanceAt = useSelector(socket, (s) => s.context.lastBalance?.at ?? null);
  const vipAt = useSelector(socket, (s) => s.context.memberChanges.vip?.at ?? null);
  const mailAt = useSelector(socket, (s) => s.context.memberChanges.mail?.at ?? null);
  useEffect(() => {
    if (send && (balanceAt || vipAt || mailAt)) send();
    // Only a new push asks again, not a new `send`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [balanceAt, vipAt, mailAt]);
}

function Summary({ s }: { s: MineSummary }) {
  const unread = useUnread(s);
  const next = s.vip.next;
  return (
    <>
      <section className="card mine-who" aria-label={h.who}>
        <img className="mine-avatar" src={avatarUrl(s.avatar)} alt={h.avatarAlt} width={64} height={64} />
        <div className="mine-who__text">
          <p className="mine-who__name">{s.nickname ?? h.defaultName(s.phoneMasked)}</p>
          <p className="field__hint">{h.phone(s.phoneMasked)}</p>
          <p className="mine-who__badges">
            <Link className="mine-vip-badge" to="/mine/vip">
              {h.vipBadge(s.vip.level)}
            </Link>
            <Link className="mine-kyc" to="/mine/userInfo/authentication">
              {s.realNameVerified ? h.realNameYes : h.realNameNo}
            </Link>
          </p>
        </div>
        <Link className="btn btn--small btn--ghost" to="/mine/userInfo">
          {h.editProfile}
        </Link>
      </section>

      <section className="card mine-vip" aria-labelledby="mine-vip-title">
        <h2 id="mine-vip-title" className="section__title">
          {next ? `${h.vipProgress} · ${h.vipNext(next.level)}` : h.vipTop}
        </h2>
        {next && (
          <>
            <Progress label={h.deposit} done={s.vip.deposit} need={next.deposit} />
            <Progress label={h.validBet} done={s.vip.validBet} need={next.validBet} />
          </>
        )}
      </section>

      <section className="card mine-wallet" aria-labelledby="mine-wallet-title">
        <h2 id="mine-wallet-title" className="section__title">
          {h.wallet}
        </h2>
        <dl className="wallet-figures">
          <div>
            <dt>{h.balance}</dt>
            <dd data-testid="mine-balance">{yuan(s.balance)}</dd>
          </div>
          <div>
            <dt>{h.locked}</dt>
            <dd data-testid="mine-locked">{yuan(s.locked)}</dd>
          </div>
        </dl>
        <p className="field__hint">{h.lockedHint}</p>
      </section>

      <nav className="card mine-shortcuts" aria-label={h.shortcuts}>
        <ul>
          {SHORTCUTS.map((c) => (
            <li key={c.path}>
              <Link
                to={c.path}
                className="mine-shortcut"
                aria-label={
                  c.path === '/mine/mail' && unread > 0 ? `${c.label}（${h.unread(unread)}）` : undefined
                }
              >
                <span>{c.label}</span>
                {c.path === '/mine/mail' && unread > 0 && (
                  <span className="mine-unread" aria-hidden="true">
                    {unread > 99 ? '99+' : unread}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="mine-groups" aria-label={h.groups}>
        {MINE_GROUPS.map((g) => (
          <nav key={g.name} className="card mine-group" aria-label={g.name}>
            <h2 className="section__title">{g.name}</h2>
            <ul>
              {g.paths.map((p) => (
                <li key={p}>
                  <Link to={p} className="mine-group__link">
                    {pageName(p)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </section>
    </>
  );
}

/** /mine (issue 13 §1): the member home a phone player lands on. */
export function MinePage() {
  const mine = useMine();
  const state = useSelector(mine, (s) => (s ? (s.value as { summary: string }).summary : 'loading'));
  const summary = useSelector(mine, (s) => s?.context.summary ?? null);
  useRefreshOnPushes(mine ? () => mine.send({ type: 'mine.refresh' }) : null);
  return (
    <div className="mine-page">
      <header className="page-header">
        <h1>{pageName('/mine')}</h1>
      </header>
      {state === 'failed' && !summary && (
        <LoadFailed text={h.loadFailed} onRetry={() => mine?.send({ type: 'mine.retry' })} />
      )}
      {summary ? <Summary s={summary} /> : state !== 'failed' && <LoadingScreen />}
    </div>
  );
}
