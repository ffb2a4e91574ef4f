import { useSelector } from '@xstate/react';
import { blockedOf, type MallRefusal } from '../../../machines/mall/redeem.machine.ts';
import { MALL_PAGE_PATHS } from '../../../machines/mall/paths.ts';
import { mallText as m } from '../../i18n/zh-CN-mall.ts';
import type { MallItem, MallOverview } from '../../protocol/mall.ts';
import { formatFen } from '../../protocol/money.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { ItemArt } from './item-art.tsx';
import { LoadFailed, MallLinks, PageHeader } from './parts.tsx';
import { useCoinsPushes, useMallChild } from './use-mall.ts';

const HERE = MALL_PAGE_PATHS.currency;

function blockedText(item: MallItem, overview: MallOverview): string | null {
  const b = blockedOf(item, overview);
  if (b === null) return null;
  return b === 'vip' ? m.blocked.vip(item.vipMin) : m.blocked[b];
}

function Item({
  item,
  overview,
  busy,
  onChoose,
}: {
  item: MallItem;
  overview: MallOverview;
  busy: boolean;
  onChoose: () => void;
}) {
  const blocked = blockedText(item, overview);
  const nameId = `mall-item-${item.id}`;
  return (
    <li className="card mall-item" aria-labelledby={nameId}>
      <ItemArt art={item.art} />
      <div className="mall-item__body">
        <h3 id={nameId} className="mall-item__name">
          {item.name}
        </h3>
        <p className="mall-item__tags">
          <span className={`mall-tag mall-tag--${item.kind}`}>{m.kinds[item.kind]}</span>
          {item.vipMin > 0 && <span className="mall-tag">{m.vipMin(item.vipMin)}</span>}
        </p>
        <p className="field__hint">{item.description}</p>
        <p className="field__hint">{m.value[item.kind](formatFen(item.value))}</p>
        <p className="field__hint">
          {m.stock(item.stock)} · {m.limit(item.redeemed, item.limit)}
        </p>
        <p className="mall-item__price">
          <span className="visually-hidden">{m.price}</span>
          {m.coinsUnit(item.price)}
        </p>
        <button
          type="button"
          className="btn btn--block"
          disabled={busy || blocked !== null}
          aria-label={m.redeemItem(item.name)}
          aria-describedby={blocked ? `${nameId}-blocked` : undefined}
          onClick={onChoose}
        >
          {m.redeem}
        </button>
        {blocked && (
          <p id={`${nameId}-blocked`} className="field__hint mall-item__blocked">
            {blocked}
          </p>
        )}
      </div>
    </li>
  );
}

function refusalText(r: MallRefusal | null): string {
  if (!r || r.code === 'noAnswer') return m.noAnswer;
  return r.message || m.noAnswer;
}

/** /mine/currency (issue 13 §6): the member's coins and the mall's items; redeem one. */
export function CurrencyPage() {
  useCoinsPushes();
  const flow = useMallChild('redeem');
  const state = useSelector(flow, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(flow, (s) => s?.context);
  const header = <PageHeader path={HERE} />;
  if (state === 'loadFailed')
    return (
      <>
        {header}
        <LoadFailed onRetry={() => flow?.send({ type: 'mall.retry' })} />
      </>
    );
  const overview = ctx?.overview;
  if (!flow || !overview)
    return (
      <>
        {header}
        <LoadingScreen />
      </>
    );
  const send = flow.send.bind(flow);
  const chosen = ctx.chosen;
  const dialog =
    state === 'confirming' || state === 'pending' ? (
      <section
        key="confirm"
        className="card mall-dialog"
        role="alertdialog"
        aria-modal="false"
        aria-labelledby="mall-dialog-title"
        aria-describedby="mall-dialog-text"
      >
        <h2 id="mall-dialog-title" className="section__title">
          {m.confirmTitle}
        </h2>
        <p id="mall-dialog-text">{chosen && m.confirmText(chosen.name, chosen.price)}</p>
        <div className="wallet-links">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={state === 'pending'}
            onClick={() => send({ type: 'mall.cancel' })}
          >
            {m.cancel}
          </button>
          <button
            type="button"
            className="btn"
            autoFocus
            disabled={state === 'pending'}
            aria-busy={state === 'pending' || undefined}
            onClick={() => send({ type: 'mall.confirm' })}
          >
            {state === 'pending' ? m.pending : m.confirm}
          </button>
        </div>
      </section>
    ) : state === 'done' || state === 'soldOut' || state === 'refused' ? (
      <section
        key={state}
        className="card mall-dialog"
        role="alertdialog"
        aria-modal="false"
        aria-labelledby="mall-dialog-title"
        aria-describedby="mall-dialog-text"
      >
        <h2 id="mall-dialog-title" className="section__title">
          {state === 'done' ? m.doneTitle : state === 'soldOut' ? m.soldOutTitle : m.refusedTitle}
        </h2>
        <p id="mall-dialog-text" role={state === 'done' ? 'status' : 'alert'}>
          {state === 'done' && ctx.done
            ? m.doneText(ctx.done.itemName, ctx.done.coinsAfter)
            : state === 'soldOut'
              ? m.soldOutText
              : refusalText(ctx.refusal)}
        </p>
        <div className="wallet-links">
          {state === 'refused' && ctx.refusal?.code === 'noAnswer' && (
            <button type="button" className="btn" onClick={() => send({ type: 'mall.retry' })}>
              {m.retry}
            </button>
          )}
          <button
            type="button"
            className="btn btn--ghost"
            autoFocus
            onClick={() => send({ type: 'mall.close' })}
          >
            {m.close}
          </button>
        </div>
      </section>
    ) : null;
  return (
    <>
      {header}
      <section className="card mall-coins" aria-label={m.coins}>
        <p className="mall-coins__label">{m.coins}</p>
        <p className="mall-coins__value" aria-live="polite">
          {m.coinsUnit(overview.coins)}
        </p>
        <p className="field__hint">{m.rate(overview.rate)}</p>
      </section>
      <MallLinks here={HERE} />
      {dialog}
      <ul className="mall-items" aria-busy={state === 'loading' || undefined}>
        {overview.items.map((item) => (
          <Item
            key={item.id}
            item={item}
            overview={overview}
            busy={state !== 'browsing'}
            onChoose={() => send({ type: 'mall.choose', itemId: item.id })}
          />
        ))}
      </ul>
    </>
  );
}
