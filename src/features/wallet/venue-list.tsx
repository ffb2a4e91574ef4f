import type { ReactNode } from 'react';
import type { VenueWallet } from '../../protocol/wallet.ts';
import { t } from '../../i18n/zh-CN.ts';
import { Yuan } from './money.tsx';

/** Every venue wallet with its balance; one under maintenance says so (issue 9 §2). */
export function VenueList({
  venues,
  action,
}: {
  venues: VenueWallet[];
  action?: (venue: VenueWallet) => ReactNode;
}) {
  return (
    <section className="card wallet-card" aria-labelledby="venue-wallets">
      <h2 id="venue-wallets" className="section__title">
        {t.wallet.venues}
      </h2>
      <ul className="venue-wallets">
        {venues.map((v) => (
          <li key={v.venue} className={`venue-wallet${v.status !== 'open' ? ' is-down' : ''}`}>
            <span className="venue-wallet__name">{v.name}</span>
            {v.status !== 'open' ? (
              <span className="venue-wallet__status">
                {v.status === 'maintenance' ? t.wallet.maintenance : t.wallet.closed}
              </span>
            ) : null}
            <span className="venue-wallet__balance">
              <Yuan fen={v.balance} />
            </span>
            {action?.(v)}
          </li>
        ))}
      </ul>
    </section>
  );
}
