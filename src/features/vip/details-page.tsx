import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { vipText as v } from '../../i18n/zh-CN-vip.ts';
import { PLATFORMS } from '../../protocol/venues.ts';
import { VIP_LEVELS, vipLevel } from '../../protocol/vip.ts';
import { Card, Header, percent, tableYuan } from './parts.tsx';
import { useVipChild, useVipPushes } from './use-vip.ts';

/**
 * /mine/vip/details (issue 13 §3): every level's thresholds and privileges. On a phone a level picker shows one
 * level's card; the whole table scrolls sideways inside its own box (never the page), reachable by keyboard.
 */
export function VipDetailsPage() {
  const flow = useVipChild('vip');
  const current = useSelector(flow, (s) => s?.context.overview?.status.level ?? null);
  useVipPushes();
  const [picked, setPicked] = useState<number | null>(null);
  const shown = picked ?? current ?? 0;
  const row = vipLevel(shown);
  return (
    <div className="vip-page">
      <Header title={v.detailsTitle} />
      <Card label={v.levelCard}>
        <p className="vip-card__note">{v.detailsIntro}</p>
        <div className="field">
          <label className="field__label" htmlFor="vip-level-pick">
            {v.pickLevel}
          </label>
          <select
            id="vip-level-pick"
            className="field__input"
            value={shown}
            onChange={(e) => setPicked(Number(e.target.value))}
          >
            {VIP_LEVELS.map((l) => (
              <option key={l.level} value={l.level}>
                {v.level(l.level)}
                {l.level === current ? v.yourLevel : ''}
              </option>
            ))}
          </select>
        </div>
        <dl className="vip-privileges" data-testid="vip-level-card" data-level={shown}>
          <div>
            <dt>{v.thresholdDeposit}</dt>
            <dd>{tableYuan(row.depositYuan)}</dd>
          </div>
          <div>
            <dt>{v.thresholdBet}</dt>
            <dd>{tableYuan(row.validBetYuan)}</dd>
          </div>
          <div>
            <dt>{v.keepBet}</dt>
            <dd>{row.keepValidBetYuan ? tableYuan(row.keepValidBetYuan) : v.none}</dd>
          </div>
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
            <dd>{v.times(row.withdrawalsPerDay)}</dd>
          </div>
          <div>
            <dt>{v.withdrawalPerDay}</dt>
            <dd>{tableYuan(row.withdrawalYuanPerDay)}</dd>
          </div>
          <div>
            <dt>{v.rebateCap}</dt>
            <dd>{tableYuan(row.rebateDailyCapYuan)}</dd>
          </div>
          {PLATFORMS.map((p) => (
            <div key={p}>
              <dt>
                {v.rebateHeading} · {v.platform[p]}
              </dt>
              <dd>{percent(row.rebateBp[p])}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card label={v.tableCaption}>
        <div className="vip-table-box" role="region" aria-label={v.tableCaption} tabIndex={0}>
          <table className="vip-table">
            <caption>{v.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{v.currentLevel}</th>
                <th scope="col">{v.thresholdDeposit}</th>
                <th scope="col">{v.thresholdBet}</th>
                <th scope="col">{v.keepBet}</th>
                <th scope="col">{v.upgradeBonus}</th>
                <th scope="col">{v.birthdayGift}</th>
                <th scope="col">{v.monthlyRedPacket}</th>
                <th scope="col">{v.withdrawalsPerDay}</th>
                <th scope="col">{v.withdrawalPerDay}</th>
                <th scope="col">{v.rebateCap}</th>
                {PLATFORMS.map((p) => (
                  <th key={p} scope="col">
                    {v.platform[p]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {VIP_LEVELS.map((l) => (
                <tr
                  key={l.level}
                  data-level={l.level}
                  aria-current={l.level === current ? 'true' : undefined}
                >
                  <th scope="row">
                    {v.level(l.level)}
                    {l.level === current ? v.yourLevel : ''}
                  </th>
                  <td>{tableYuan(l.depositYuan)}</td>
                  <td>{tableYuan(l.validBetYuan)}</td>
                  <td>{tableYuan(l.keepValidBetYuan)}</td>
                  <td>{tableYuan(l.upgradeBonusYuan)}</td>
                  <td>{tableYuan(l.birthdayGiftYuan)}</td>
                  <td>{tableYuan(l.monthlyRedPacketYuan)}</td>
                  <td>{v.times(l.withdrawalsPerDay)}</td>
                  <td>{tableYuan(l.withdrawalYuanPerDay)}</td>
                  <td>{tableYuan(l.rebateDailyCapYuan)}</td>
                  {PLATFORMS.map((p) => (
                    <td key={p}>{percent(l.rebateBp[p])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}
