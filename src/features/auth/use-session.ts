import { useSelector } from '@xstate/react';
import { AppActor } from '../../app/app-actor.ts';

/** The session child's state for the auth forms: what is in flight, and the last server answer. */
export function useSession() {
  const ref = AppActor.useSelector((s) => s.children.session);
  return useSelector(ref, (s) => ({
    state: (s?.value ?? 'booting') as string,
    error: s?.context.error ?? null,
    notice: s?.context.notice ?? null,
    rememberLogin: s?.context.rememberLogin ?? false,
    inviteCodes: s?.context.inviteCodes ?? {},
    member: s?.context.member ?? null,
    userName: s?.context.userName ?? null,
  }));
}

export function usePreInfo() {
  const ref = AppActor.useSelector((s) => s.children.siteGate);
  return useSelector(ref, (s) => s?.context.preInfo ?? null);
}
