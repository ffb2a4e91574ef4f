import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { GIFT_RECORD_PAGE, NO_ANSWER_CODE, VIP_DETAILS_PAGE } from '../../../machines/vip/common.ts';
import type { VipOutcome } from '../../../machines/vip/vip.machine.ts';
import { vipText as v } from '../../i18n/zh-CN-vip.ts';
import { CODE } from '../../protocol/api.ts';
import { PLATFORMS } from '../../protocol/venues.ts';
import { vipLevel, type VipReward } from '../../protocol/vip.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Card, Failed, Header, Progress, percent, tableYuan, yuan } from './parts.tsx';
import { useVipChild, useVipPushes } from './use-vip.ts';

const nameOf = (r: Pick<VipReward, 'kind' | 'level' | 'period'>) => v.rewardName(r.kind, r.level, r.period);

function outcomeText(o: VipOutcome, rewards: readonly VipReward[]): string {
  if (o.kind === 'paid') return v.paid(nameOf(o.reward), yuan(o.reward.amount));
  if (o.refusal.code === NO_ANSWER_CODE) return v.noAnswer;
  const name = rewards.find((r) => r.id === o.id);
  const fallback = o.refusal.code === CODE.vipRewardClaimed ? v.alreadyClaimed : v.notDue;
  return `${name ? `${nameOf(name)}：` : ''}${o.refusal.message || fallback}`;
}

/** /mine/vip (issue 13 §3): the level, progress on both measures, the keep requirement, rewards, privileges. */
export function VipPage() {
  const flow = useVipChild('vip');
  const state = useSelector(flow, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(flow, (s) => s?.context);
  useVipPushes();

  if (state === 'loadFailed' && !ctx?.overview)
    return (
      <>
        <Header title={v.vipTitle} />
        <Failed onRetry={() => flow?.send({ type: 'vip.retry' })} />
      </>
    );
  if (!ctx?.overview)
    return (
      <>
        <Header title={v.vipTitle} />
        <LoadingScreen />
      </>
    );
  const { status, rewards } = ctx.overview;
  const row = vipLevel(status.level);
  const claimingNow = state === 'claiming';
  const outcome = ctx.outcome;
  return (
    <div className="vip-page">
      <Header title={v.vipTitle} />
      {state === 'loadFailed' && <Failed onRetry={() => flow?.send({ type: 'vip.retry' })} />}
      <Card label={v.currentLevel} className="vip-hero">
        <p className="vip-hero__badge" data-testid="vip-level" data-level={status.level}>
          <span className="vip-hero__label">{v.currentLevel}</span>
          <strong className="vip-hero__level">{v.level(status.level)}</strong>
        </p>
        {status.next ? (
          <>
            <h2 className="vip-card__title">{v.progressHeading(status.next.level)}</h2>
            <Progress
              label={v.deposit}
              have={status.deposit}
              need={status.next.deposit}
              testId="vip-progress-deposit"
            />
            <Progress
              label={v.validBet}
              have={status.validBet}
              need={status.next.validBet}
              testId="vip-progress-bet"
            />
            <p className="vip-card__note">{v.upgradeRule}</p>
          </>
        ) : (
          <p className="vip-card__note">{v.topLevel}</p>
        )}
        <nav className="vip-links" aria-label={v.vipTitle}>
          <Link className="btn btn--small btn--ghost" to={VIP_DETAILS_PAGE}>
            {v.seeDetails}
          </Link>
          <Link className="btn btn--small btn--ghost" to={GIFT_RECORD_PAGE}>
            {v.seeGifts}
          </Link>
        </nav>
      </Card>

      <Card label={v.keepHeading}>
        <h2 className="vip-card__title">{v.keepHeading}</h2>
        {status.keep.required === 0 ? (
          <p className="vip-card__note">{v.keepNone}</p>
        ) : (
          <>
            <Progress
              label={v.keepHeading}
              have={status.keep.validBet}
              need={status.keep.required}
              testId="vip-progress-keep"
            />
            <p className="vip-card__note">
              {v.keepValue(yuan(status.keep.validBet), yuan(status.keep.required))}
            </p>
          </>
        )}
        <p className="vip-card__note">{v.keepRule}</p>
      </Card>

      <Card label={v.rewardsHeading}>
        <h2 className="vip-card__title">{v.rewardsHeading}</h2>
        {outcome && (
          <p
            className={`form-alert ${outcome.kind === 'paid' ? 'form-alert--success' : 'form-alert--error'}`}
            role={outcome.kind === 'paid' ? 'status' : 'alert'}
            data-testid="vip-outcome"
          >
            {outcomeText(outcome, rewards)}{' '}
            <button
              type="button"
              className="btn btn--small btn--ghost"
              onClick={() => flow?.send({ type: 'vip.dismiss' })}
            >
              {v.dismiss}
            </button>
          </p>
        )}
        {rewards.length === 0 ? (
          <p className="vip-card__note">{v.noRewards}</p>
        ) : (
          <ul className="vip-rewards">
            {rewards.map((r) => {
              const name = nameOf(r);
              const pending = claimingNow && ctx.claiming === r.id;
              return (
                <li key={r.id} className="vip-reward" data-reward={r.id} data-state={r.state}>
                  <span className="vip-reward__name">{name}</span>
                  <span className="vip-reward__amount">¥{yuan(r.amount)}</span>
                  {r.state === 'claimed' ? (
                    <span className="vip-reward__done">{v.claimed}</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-label={v.claimFor(name)}
                      aria-busy={pending || undefined}
                      disabled={state !== 'ready'}
                      onClick={() => flow?.send({ type: 'vip.claim', id: r.id })}
                    >
                      {pending ? v.claiming : v.claim}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <ul className="vip-rules">
          {v.rewardRules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>

      <Card label={v.privilegesHeading(status.level)}>
        <h2 className="vip-card__title">{v.privilegesHeading(status.level)}</h2>
        <dl className="vip-privileges">
          <div>
            <dt>{v.upgradeBonus}</dt>
            <dd>{row.upgradeBonusYuan ? tableYuan(row.upgradeBonusYuan) : v.none}</dd>
          </div>
          <div>
            <dt>{v.birthdayGift}</dt>
            <dd>{row.birthdayGiftYuan ? tableYuan(row.birthdayGiftYuan) : v.none}</dd>
          </div>
          <div>
            <dt>{v.monthlyRedPacket}</dt>
            <dd>{row.monthlyRedPacketYuan ? tableYuan(row.monthlyRedPacketYuan) : v.none}</dd>
          </div>
          <div>
            <dt>{v.withdrawalsPerDay}</dt>
            <dd data-testid="vip-withdrawals">{v.times(ctx.overview.withdrawal.perDay)}</dd>
          </div>
          <div>
            <dt>{v.withdrawalPerDay}</dt>
            <dd>¥{yuan(ctx.overview.withdrawal.amountPerDay)}</dd>
          </div>
          <div>
            <dt>{v.rebateCap}</dt>
            <dd>{tableYuan(row.rebateDailyCapYuan)}</dd>
          </div>
        </dl>
        <h3 className="vip-card__subtitle">{v.rebateHeading}</h3>
        <dl className="vip-privileges vip-privileges--rates">
          {PLATFORMS.map((p) => (
            <div key={p}>
              <dt>{v.platform[p]}</dt>
              <dd>{percent(row.rebateBp[p])}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
