import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { loginStatus } from '../../../machines/session.machine.ts';
import { useSystemActor } from '../../app/system.ts';
import { homeText as h } from '../../i18n/zh-CN-home.ts';
import { maskPhone } from '../../lib/phone-mask.ts';
import { formatFen } from '../../protocol/money.ts';

/** spec §2 paths the strip leads to. */
const PATHS = {
  deposit: '/mine/finance/deposit',
  withdraw: '/mine/finance/withdrawal',
  transfer: '/mine/finance/transfer',
  register: '/user/register',
  login: '/user/login',
} as const;

/**
 * The player's strip (issue 19 §2): a member sees their masked name, VIP badge (member info vipLevel), central
 * balance (member info, or the logged-in socket's newer push) and deposit / withdraw / transfer; a visitor is
 * offered register and log in. Nothing while a kept login is being checked.
 */
export function PlayerStrip() {
  const sessionRef = useSystemActor('session');
  const socketRef = useSystemActor('socket');
  const status = useSelector(sessionRef, (s) => loginStatus(s));
  const member = useSelector(sessionRef, (s) => s.context.member);
  const userName = useSelector(sessionRef, (s) => s.context.userName);
  const pushed = useSelector(socketRef, (s) => (s.context.loginData ? s.context.lastBalance : null));

  if (status === 'restoring') return <div className="player-strip-slot" />;
  if (status === 'anonymous')
    return (
      <section className="card player-strip player-strip--visitor section" aria-label={h.visitor.region}>
        <p className="player-strip__pitch">{h.visitor.pitch}</p>
        <div className="player-strip__actions">
          <Link className="btn btn--small" to={PATHS.register}>
            {h.visitor.register}
          </Link>
          <Link className="btn btn--small btn--ghost" to={PATHS.login}>
            {h.visitor.login}
          </Link>
        </div>
      </section>
    );

  const fen = pushed?.balance ?? member?.balance ?? null;
  const name = maskPhone(member?.userName ?? userName ?? '');
  return (
    <section className="card player-strip section" aria-label={h.player.region}>
      <div className="player-strip__who">
        <span className="player-strip__name">{h.player.hello(name)}</span>
        {member && <span className="player-strip__vip">{h.player.vip(member.vipLevel)}</span>}
      </div>
      <p className="player-strip__balance">
        <span className="player-strip__label">{h.player.balance}</span>
        <strong>{fen === null ? h.player.balanceUnknown : h.player.amount(formatFen(fen))}</strong>
      </p>
      <nav className="player-strip__actions" aria-label={h.player.actions}>
        <Link className="btn btn--small" to={PATHS.deposit}>
          {h.player.deposit}
        </Link>
        <Link className="btn btn--small btn--ghost" to={PATHS.withdraw}>
          {h.player.withdraw}
        </Link>
        <Link className="btn btn--small btn--ghost" to={PATHS.transfer}>
          {h.player.transfer}
        </Link>
      </nav>
    </section>
  );
}
