import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/zh-CN.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Yuan } from './money.tsx';
import { useWallet } from './use-wallet.ts';
import { VenueList } from './venue-list.tsx';

/** /mine/balance (issue 9 §2): total, available, locked and every venue's balance at a glance. */
export function BalancePage() {
  const wallet = useWallet();
  const summary = useSelector(wallet, (s) => s?.context.summary ?? null);
  const failed = useSelector(wallet, (s) => s?.context.loadFailed ?? false);
  return (
    <>
      <header className="page-header wallet-header">
        <h1>{t.pages['/mine/balance']}</h1>
      </header>
      {failed && (
        <p className="form-alert form-alert--error" role="alert">
          {t.wallet.loadFailed}
        </p>
      )}
      {!summary ? (
        !failed && <LoadingScreen />
      ) : (
        <>
          <section className="card wallet-card wallet-totals" aria-label={t.wallet.total}>
            <dl className="wallet-figures">
              <div>
                <dt>{t.wallet.total}</dt>
                <dd>
                  <Yuan fen={summary.total} />
                </dd>
              </div>
              <div>
                <dt>{t.wallet.available}</dt>
                <dd>
                  <Yuan fen={summary.central.available} />
                </dd>
              </div>
              <div>
                <dt>{t.wallet.locked}</dt>
                <dd>
                  <Yuan fen={summary.locked} />
                </dd>
              </div>
            </dl>
            <nav className="wallet-links" aria-label={t.pages['/mine/finance/wallet']}>
              <Link className="btn btn--small" to="/mine/finance/deposit">
                {t.wallet.toDeposit}
              </Link>
              <Link className="btn btn--small btn--ghost" to="/mine/finance/transfer">
                {t.wallet.toTransfer}
              </Link>
              <Link className="btn btn--small btn--ghost" to="/mine/record/transRecord">
                {t.wallet.toRecords}
              </Link>
            </nav>
          </section>
          <VenueList venues={summary.venues} />
        </>
      )}
    </>
  );
}
