import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { NO_ANSWER_CODE } from '../../../machines/venues/common.ts';
import { venuesText as v } from '../../i18n/zh-CN-venues.ts';
import { useVenuesChild } from './use-venues.ts';
import { yuan } from './format.ts';

const TRANSFER_PATH = '/mine/finance/transfer';

/**
 * What the launch says while it runs and when it stops short (issue 11 §2): going in; 30062 (免转 off, the venue
 * wallet empty: transfer first, or go in anyway); a coded refusal in the server's words (6014 with its end,
 * 30063, 30064, 30001…); no answer, with a retry. It sits over the lobby, which stays as it was; focus moves to
 * it when it asks something and goes back where it was after.
 */
export function LaunchPanel({ nameOf }: { nameOf: (venue: string) => string }) {
  const launch = useVenuesChild('launch');
  const state = useSelector(launch, (s) => (s ? String(s.value) : 'idle'));
  const ctx = useSelector(launch, (s) => s?.context);
  const panel = useRef<HTMLDivElement>(null);
  const asks = state === 'confirmEmpty' || state === 'refused' || state === 'failed';
  useEffect(() => {
    if (!asks) return;
    const before = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, [asks]);
  if (!ctx || state === 'idle') return <div className="launch-panel-slot" aria-live="polite" />;
  const venue = ctx.pick ? nameOf(ctx.pick.venue) : '';
  return (
    <div className="launch-panel-slot" aria-live="polite">
      <div className="card launch-panel" ref={panel}>
        {state === 'launching' && (
          <p className="launch-panel__text" role="status">
            <span className="spinner" aria-hidden="true" /> {v.launching(venue)}
          </p>
        )}
        {state === 'confirmEmpty' && (
          <div role="alertdialog" aria-labelledby="launch-empty-title" aria-describedby="launch-empty-text">
            <h2 id="launch-empty-title" className="launch-panel__title">
              {v.emptyWalletTitle}
            </h2>
            <p id="launch-empty-text" className="launch-panel__text">
              {v.emptyWallet(venue)}
              {ctx.empty && ctx.empty.central > 0 ? ` ${v.centralHas(yuan(ctx.empty.central))}` : ''}
            </p>
            <div className="launch-panel__actions">
              <Link className="btn btn--small" to={TRANSFER_PATH}>
                {v.toTransfer}
              </Link>
              <button
                type="button"
                className="btn btn--small btn--ghost"
                onClick={() => launch?.send({ type: 'launch.confirm' })}
              >
                {v.enterAnyway}
              </button>
              <button
                type="button"
                className="btn btn--small btn--ghost"
                onClick={() => launch?.send({ type: 'launch.cancel' })}
              >
                {v.cancel}
              </button>
            </div>
          </div>
        )}
        {state === 'refused' && ctx.refusal && (
          <div role="alert">
            <h2 className="launch-panel__title">{v.launchRefused}</h2>
            <p className="launch-panel__text">
              {ctx.refusal.code === NO_ANSWER_CODE || !ctx.refusal.message
                ? v.launchFailedNoAnswer
                : ctx.refusal.message}
            </p>
            <div className="launch-panel__actions">
              <button
                type="button"
                className="btn btn--small"
                onClick={() => launch?.send({ type: 'launch.dismiss' })}
              >
                {v.dismiss}
              </button>
            </div>
          </div>
        )}
        {state === 'failed' && (
          <div role="alert">
            <p className="launch-panel__text">{v.launchFailedNoAnswer}</p>
            <div className="launch-panel__actions">
              <button
                type="button"
                className="btn btn--small"
                onClick={() => launch?.send({ type: 'launch.retry' })}
              >
                {v.launchRetry}
              </button>
              <button
                type="button"
                className="btn btn--small btn--ghost"
                onClick={() => launch?.send({ type: 'launch.dismiss' })}
              >
                {v.cancel}
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
