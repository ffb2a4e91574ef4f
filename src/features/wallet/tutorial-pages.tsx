import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatFen } from '../../protocol/money.ts';
import { VENUE_REFRESH_LOCK_MS } from '../../protocol/wallet.ts';
import { t } from '../../i18n/zh-CN.ts';
import { tutorials as tt, type ChannelCode, type Rich } from '../../i18n/zh-CN-tutorials.ts';

// The two tutorial pages (issue 9 §4): static content, no machine (there is no state). PLAY MONEY only: they
// explain the sandbox cashier and never suggest a real payment.

interface ChannelFigures {
  code: ChannelCode;
  minFen: number;
  maxFen: number;
  presets: readonly number[];
  bonusBp: number;
  bonusCapFen: number | null;
  feeBp: number;
  feeCapFen: number | null;
  /** USDT only: fen per 1 USDT. */
  usdtRateFen?: number;
}

/**
 * The channels as seeded by server/db/migrations/007-deposits.sql (same order, fen and basis points). The
 * deposit page reads the live values from the server; a change to the seed must be copied here (the unit test
 * tests/unit/features/wallet-tutorials.test.tsx holds the seed's numbers too).
 */
// prettier-ignore
const CHANNELS: readonly ChannelFigures[] = [
  { code: 'bank', minFen: 10000, maxFen: 5000000, presets: [10000, 50000, 100000, 500000, 1000000], bonusBp: 100, bonusCapFen: 18800, feeBp: 0, feeCapFen: null },
  { code: 'alipay', minFen: 5000, maxFen: 2000000, presets: [5000, 10000, 30000, 50000, 100000], bonusBp: 0, bonusCapFen: null, feeBp: 0, feeCapFen: null },
  { code: 'wechat', minFen: 5000, maxFen: 1000000, presets: [5000, 10000, 30000, 50000, 100000], bonusBp: 0, bonusCapFen: null, feeBp: 0, feeCapFen: null },
  { code: 'ebpay', minFen: 10000, maxFen: 5000000, presets: [10000, 50000, 100000, 500000], bonusBp: 200, bonusCapFen: 28800, feeBp: 0, feeCapFen: null },
  { code: 'koipay', minFen: 10000, maxFen: 5000000, presets: [10000, 50000, 100000, 500000], bonusBp: 200, bonusCapFen: 28800, feeBp: 100, feeCapFen: 5000 },
  { code: 'sharelife', minFen: 10000, maxFen: 3000000, presets: [10000, 50000, 100000, 300000], bonusBp: 0, bonusCapFen: null, feeBp: 0, feeCapFen: null },
  { code: 'digital_rmb', minFen: 10000, maxFen: 5000000, presets: [10000, 50000, 100000, 500000], bonusBp: 0, bonusCapFen: null, feeBp: 0, feeCapFen: null },
  { code: 'usdt', minFen: 10000, maxFen: 10000000, presets: [72000, 144000, 360000, 720000], bonusBp: 150, bonusCapFen: 50000, feeBp: 0, feeCapFen: null, usdtRateFen: 720 },
];

/** The seed's defaults (migration 007 and server/modules/deposit/orders.ts). */
const TURNOVER_MULTIPLE = 1;
const BONUS_TURNOVER_MULTIPLE = 3;
const ORDER_TTL_MINUTES = 15;
const REFRESH_LOCK_S = VENUE_REFRESH_LOCK_MS / 1000;

/** A channel's share (bonus or fee) of an amount, as the server computes it: cut, never rounded up, capped. */
const share = (amount: number, bp: number, cap: number | null) => {
  const part = Math.floor((amount * bp) / 10000);
  return cap === null ? part : Math.min(part, cap);
};
/** Basis points as a percent ('1', '1.5', '2'). */
const percent = (bp: number) => String(bp / 100);

function RichText({ parts }: { parts: Rich }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <Link key={i} to={part.to}>
            {part.label}
          </Link>
        ),
      )}
    </>
  );
}

function Steps({ steps }: { steps: readonly Rich[] }) {
  return (
    <ol className="tutorial-steps">
      {steps.map((step, i) => (
        <li key={i}>
          <RichText parts={step} />
        </li>
      ))}
    </ol>
  );
}

function Points({ points }: { points: readonly Rich[] }) {
  return (
    <ul className="tutorial-points">
      {points.map((point, i) => (
        <li key={i}>
          <RichText parts={point} />
        </li>
      ))}
    </ul>
  );
}

function Header({ path }: { path: string }) {
  return (
    <>
      <header className="page-header wallet-header">
        <h1>{t.pages[path]}</h1>
      </header>
      <p className="form-alert form-alert--info tutorial-sandbox">
        <strong>{tt.sandboxLabel}</strong>
        {tt.sandbox}
      </p>
    </>
  );
}

/** In-page links to the sections (h2 ids). */
function Contents({ items }: { items: ReadonlyArray<{ id: string; title: string }> }) {
  return (
    <nav className="card tutorial-toc" aria-label={tt.toc}>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card tutorial-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Faq({ items }: { items: ReadonlyArray<{ q: string; a: string }> }) {
  return (
    <Section id="tutorial-faq" title={tt.faqTitle}>
      {items.map((item) => (
        <details key={item.q} className="tutorial-faq">
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </Section>
  );
}

function Related({ links }: { links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav className="wallet-links tutorial-related" aria-label={tt.related}>
      {links.map((l) => (
        <Link key={l.to} className="btn btn--small btn--ghost" to={l.to}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}

function ChannelSection({ c }: { c: ChannelFigures }) {
  const text = tt.intro.channels[c.code];
  const f = tt.intro.figures;
  const min = formatFen(c.minFen);
  const max = formatFen(c.maxFen);
  // The example uses one of the channel's own preset amounts.
  const sample = c.presets[Math.min(2, c.presets.length - 1)] ?? c.minFen;
  const bonus = share(sample, c.bonusBp, c.bonusCapFen);
  const fee = share(sample, c.feeBp, c.feeCapFen);
  const rate = c.usdtRateFen;
  const steps: Rich[] = [
    [tt.intro.stepChoose(text.name)],
    [tt.intro.stepAmount(min, max)],
    [tt.intro.stepReview],
    ...text.steps.map((s) => [s]),
    [tt.intro.stepDone],
  ];
  return (
    <Section id={`tutorial-${c.code}`} title={text.name}>
      <p>{text.lead}</p>
      <dl className="tutorial-figures">
        <dt>{f.limit}</dt>
        <dd data-figure="limit">{tt.intro.range(min, max)}</dd>
        <dt>{f.presets}</dt>
        <dd data-figure="presets">
          {c.presets.map((p, i) => (
            <Fragment key={p}>
              {i > 0 && (
                <>
                  {tt.intro.presetSeparator}
                  <wbr />
                </>
              )}
              <span className="tutorial-nowrap">
                {rate !== undefined && p % rate === 0
                  ? tt.intro.presetUsdt(formatFen(p), String(p / rate))
                  : tt.intro.preset(formatFen(p))}
              </span>
            </Fragment>
          ))}
        </dd>
        <dt>{f.bonus}</dt>
        <dd data-figure="bonus">
          {c.bonusBp > 0
            ? tt.intro.share(percent(c.bonusBp), c.bonusCapFen === null ? null : formatFen(c.bonusCapFen))
            : tt.intro.none}
        </dd>
        <dt>{f.fee}</dt>
        <dd data-figure="fee">
          {c.feeBp > 0
            ? tt.intro.share(percent(c.feeBp), c.feeCapFen === null ? null : formatFen(c.feeCapFen))
            : tt.intro.none}
        </dd>
        {rate !== undefined && (
          <>
            <dt>{f.rate}</dt>
            <dd data-figure="rate">{tt.intro.rateText(formatFen(rate))}</dd>
          </>
        )}
        {(bonus > 0 || fee > 0) && (
          <>
            <dt>{f.example}</dt>
            <dd data-figure="example">
              {tt.intro.example(
                formatFen(sample),
                formatFen(bonus),
                formatFen(fee),
                formatFen(sample - fee + bonus),
              )}
            </dd>
          </>
        )}
      </dl>
      <Steps steps={steps} />
      {'note' in text && text.note && <p className="field__hint">{text.note}</p>}
    </Section>
  );
}

const related = tt.relatedLinks;

/** /mine/finance/introTutorial (充值教程): how to deposit through each seeded channel and the sandbox cashier. */
export function IntroTutorialPage() {
  const rules = tt.intro.rules;
  return (
    <div className="tutorial">
      <Header path="/mine/finance/introTutorial" />
      <p className="tutorial-lead">
        <RichText parts={tt.intro.lead} />
      </p>
      <Contents
        items={[
          { id: 'tutorial-general', title: tt.intro.generalTitle },
          ...CHANNELS.map((c) => ({ id: `tutorial-${c.code}`, title: tt.intro.channels[c.code].name })),
          { id: 'tutorial-rules', title: tt.intro.rulesTitle },
          { id: 'tutorial-faq', title: tt.faqTitle },
        ]}
      />
      <Section id="tutorial-general" title={tt.intro.generalTitle}>
        <Steps steps={tt.intro.general} />
      </Section>
      <div className="tutorial-channels" role="group" aria-label={tt.intro.channelsTitle}>
        {CHANNELS.map((c) => (
          <ChannelSection key={c.code} c={c} />
        ))}
      </div>
      <Section id="tutorial-rules" title={tt.intro.rulesTitle}>
        <Points
          points={[
            [rules.expiry(ORDER_TTL_MINUTES)],
            [rules.cancel],
            [rules.once],
            rules.record,
            [rules.turnover(TURNOVER_MULTIPLE, BONUS_TURNOVER_MULTIPLE)],
            [rules.current],
          ]}
        />
      </Section>
      <Faq items={tt.intro.faq} />
      <Related links={[related.deposit, related.wallet, related.records, related.platform]} />
    </div>
  );
}

/** /mine/finance/introTutorial/platformTutorials (平台教程): moving money between the central and venue wallets. */
export function PlatformTutorialsPage() {
  const s = tt.platform.sections;
  const sections = [
    { id: 'tutorial-wallets', title: s.wallets.title, body: <Points points={s.wallets.points} /> },
    {
      id: 'tutorial-transfer',
      title: s.transfer.title,
      body: (
        <>
          <Steps steps={s.transfer.steps} />
          <p className="field__hint">{s.transfer.note}</p>
        </>
      ),
    },
    { id: 'tutorial-recall', title: s.recall.title, body: <Steps steps={s.recall.steps} /> },
    { id: 'tutorial-auto', title: s.auto.title, body: <Steps steps={s.auto.steps} /> },
    {
      id: 'tutorial-refresh',
      title: s.refresh.title,
      body: <Steps steps={s.refresh.steps(REFRESH_LOCK_S)} />,
    },
    {
      id: 'tutorial-maintenance',
      title: s.maintenance.title,
      body: <Points points={s.maintenance.points} />,
    },
    { id: 'tutorial-records', title: s.records.title, body: <Steps steps={s.records.steps} /> },
  ];
  return (
    <div className="tutorial">
      <Header path="/mine/finance/introTutorial/platformTutorials" />
      <p className="tutorial-lead">
        <RichText parts={tt.platform.lead} />
      </p>
      <Contents
        items={[
          ...sections.map(({ id, title }) => ({ id, title })),
          { id: 'tutorial-faq', title: tt.faqTitle },
        ]}
      />
      {sections.map(({ id, title, body }) => (
        <Section key={id} id={id} title={title}>
          {body}
        </Section>
      ))}
      <Faq items={tt.platform.faq.map((f) => ({ q: f.q, a: f.a(REFRESH_LOCK_S) }))} />
      <Related links={[related.transfer, related.wallet, related.balance, related.records, related.intro]} />
    </div>
  );
}
