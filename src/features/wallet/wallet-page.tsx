import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { formatFen } from '../../protocol/money.ts';
import { t } from '../../i18n/zh-CN.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Yuan } from './money.tsx';
import { useWallet } from './use-wallet.ts';
import { VenueList } from './venue-list.tsx';

/** /mine/finance/wallet (issue 9 §2): the central wallet, the venue wallets with refresh, 一键回收 and 免转. */
export function WalletPage() {
  const wallet = useWallet();
  const summary = useSelector(wallet, (s) => s?.context.summary ?? null);
  const failed = useSelector(wallet, (s) => s?.context.loadFailed ?? false);
  const moves = useSelector(wallet, (s) => (s ? (s.value as { moves: string }).moves : 'idle'));
  const locked = useSelector(wallet, (s) => s?.context.locked ?? []);
  const refreshing = useSelector(wallet, (s) => s?.context.refreshing ?? null);
  const lastRecall = useSelector(wallet, (s) => s?.context.lastRecall ?? null);
  const refusal = useSelector(wallet, (s) => s?.context.refusal ?? null);
  const busy = moves === 'recalling' || moves === 'switching';
  const unsure = moves === 'recallUnsure' || moves === 'switchUnsure';

  const header = (
    <header className="page-header wallet-header">
      <h1>{t.pages['/mine/finance/wallet']}</h1>
    </header>
  );
  if (!summary)
    return (
      <>
        {header}
        {failed ? (
          <p className="form-alert form-alert--error" role="alert">
            {t.wallet.loadFailed}
          </p>
        ) : (
          <LoadingScreen />
        )}
      </>
    );

  const recalledTotal = lastRecall?.recalled.reduce((sum, r) => sum + r.amount, 0) ?? 0;
  const nameOf = (code: string) => summary.venues.find((v) => v.venue === code)?.name ?? code;
  return (
    <>
      {header}
      <section className="card wallet-card wallet-central" aria-labelledby="central-wallet">
        <h2 id="central-wallet" className="section__title">
          {t.wallet.central}
        </h2>
        <p className="wallet-central__amount">
          <Yuan fen={summary.central.available} />
        </p>
        {summary.central.held > 0 && (
          <p className="field__hint">
            {t.wallet.locked} <Yuan fen={summary.central.held} />
          </p>
        )}
        <div className="wallet-links">
          <Link className="btn btn--small" to="/mine/finance/deposit">
            {t.wallet.toDeposit}
          </Link>
          <Link className="btn btn--small btn--ghost" to="/mine/finance/transfer">
            {t.wallet.toTransfer}
          </Link>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={busy}
            aria-busy={moves === 'recalling' || undefined}
            onClick={() => wallet?.send({ type: 'wallet.recall' })}
          >
            {moves === 'recalling' ? t.wallet.recalling : t.wallet.recall}
          </button>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            role="switch"
            checked={summary.autoTransfer}
            disabled={busy}
            onChange={(e) => wallet?.send({ type: 'wallet.autoTransfer', enabled: e.target.checked })}
          />
          <span>{t.wallet.auto}</span>
          <span className="checkbox__hint">{t.wallet.autoHint}</span>
        </label>
        <div aria-live="polite">
          {failed && <p className="form-alert form-alert--error">{t.wallet.loadFailed}</p>}
          {unsure && (
            <p className="form-alert form-alert--error">
              {t.wallet.retryUnsure}{' '}
              <button
                type="button"
                className="btn btn--small"
                onClick={() =>
                  moves === 'recallUnsure'
                    ? wallet?.send({ type: 'wallet.recall' })
                    : wallet?.send({ type: 'wallet.autoTransfer', enabled: !summary.autoTransfer })
                }
              >
                {t.wallet.retry}
              </button>{' '}
              <button
                type="button"
                className="btn btn--small btn--ghost"
                onClick={() => wallet?.send({ type: 'wallet.reload' })}
              >
                {t.wallet.giveUp}
              </button>
            </p>
          )}
          {refusal && <p className="form-alert form-alert--error">{refusal.message}</p>}
          {lastRecall && (
            <p className="form-alert form-alert--info">
              {recalledTotal > 0 ? t.wallet.recalled(formatFen(recalledTotal)) : t.wallet.recallNothing}
              {lastRecall.skipped.length > 0 &&
                ` ${t.wallet.recallSkipped(lastRecall.skipped.map(nameOf).join('、'))}`}
            </p>
          )}
        </div>
      </section>
      <VenueList
        venues={summary.venues}
        action={(v) =>
          v.status === 'open' && (
            <button
              type="button"
              className="btn btn--small btn--ghost"
              aria-label={t.wallet.refresh(v.name)}
              disabled={locked.includes(v.venue) || refreshing !== null}
              title={locked.includes(v.venue) ? t.wallet.refreshLocked : undefined}
              onClick={() => wallet?.send({ type: 'wallet.refreshVenue', venue: v.venue })}
            >
              {refreshing === v.venue ? t.wallet.refreshing : '↻'}
            </button>
          )
        }
      />
    </>
  );
}
