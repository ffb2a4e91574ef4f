import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/system.ts';

/** The session child's state for the auth forms: what is in flight, and the last server answer. */
export function useSession() {
  const ref = useSystemActor('session');
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
  const ref = useSystemActor('siteGate');
  return useSelector(ref, (s) => s?.context.preInfo ?? null);
}
