import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { loginStatus } from '../../../machines/session.machine.ts';
import { useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';
import { prefilledInviteCode } from './input-rules.ts';
import { useSession } from './use-session.ts';

/**
 * The guide for a newly arrived visitor, and the landing of invite links (the codes are stored at boot). A player
 * who is logged in is not offered 立即注册 (issue 19 §1 finding 5): the guide sends them to deposit or the games.
 */
export function RegisterGuidePage() {
  const session = useSession();
  const status = useSelector(useSystemActor('session'), loginStatus);
  const member = status !== 'anonymous';
  const invited = member ? '' : prefilledInviteCode(session.inviteCodes);
  return (
    <section className="guide card" aria-labelledby="guide-title">
      <div className="guide__hero">
        <img src="/media/logo.svg" alt="" width="72" height="72" />
        <h1 id="guide-title">{t.auth.guideTitle}</h1>
        <p>{t.auth.guideSubtitle}</p>
      </div>
      {invited && <p className="form-alert form-alert--info">{t.auth.guideInvited(invited)}</p>}
      <ul className="guide__points">
        {t.auth.guidePoints.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      {member ? (
        <>
          <p className="form-alert form-alert--info">{t.auth.guideMemberText}</p>
          <div className="guide__actions">
            <Link className="btn btn--block" to="/mine/finance/deposit">
              {t.auth.guideDeposit}
            </Link>
            <Link className="btn btn--ghost btn--block" to="/">
              {t.auth.guideGames}
            </Link>
          </div>
        </>
      ) : (
        <div className="guide__actions">
          <Link className="btn btn--block" to="/user/register">
            {t.auth.guideCta}
          </Link>
          <Link className="btn btn--ghost btn--block" to="/user/login">
            {t.auth.guideLogin}
          </Link>
        </div>
      )}
    </section>
  );
}
