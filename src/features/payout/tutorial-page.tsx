import { Link } from 'react-router-dom';
import { USDT_PATH, USDT_TUTORIAL_PATH, WITHDRAWAL_PATH } from '../../../machines/payout/paths.ts';
import { t } from '../../i18n/zh-CN.ts';
import { PageHeader, pageTitle } from './parts.tsx';

const tu = t.payout.tutorial;

/** /help/xnbcqkjc (issue 10 §2): depositing and withdrawing with virtual currency, in Chinese. */
export function UsdtTutorialPage() {
  return (
    <>
      <PageHeader title={pageTitle(USDT_TUTORIAL_PATH)} />
      <article className="card payout-card">
        <p>{tu.intro}</p>
        {tu.sections.map((s, i) => (
          <section key={s.title} aria-labelledby={`xnb-${i}`}>
            <h2 id={`xnb-${i}`} className="section__title">
              {s.title}
            </h2>
            <ol>
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          </section>
        ))}
        <nav className="wallet-links" aria-label={pageTitle(USDT_TUTORIAL_PATH)}>
          <Link className="btn" to={USDT_PATH}>
            {tu.toUsdt}
          </Link>
          <Link className="btn btn--ghost" to={WITHDRAWAL_PATH}>
            {tu.toWithdrawal}
          </Link>
        </nav>
      </article>
    </>
  );
}
