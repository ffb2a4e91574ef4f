import { fromPromise, sendParent, type AnyActorRef } from 'xstate';
import { MINE_PATH, USER_INFO_PATH } from '../../../machines/mine/common.ts';
import {
  fieldFormMachine,
  type Draft,
  type ProfileField,
} from '../../../machines/mine/field-form.machine.ts';
import { loginsMachine } from '../../../machines/mine/logins.machine.ts';
import { mineMachine } from '../../../machines/mine/mine.machine.ts';
import {
  changeLoginPassword,
  fetchLogins,
  fetchMineSummary,
  fetchProfile,
  logoutOtherDevices,
  saveAvatar,
  saveBirthday,
  saveNickname,
} from '../../api/profile/profile.ts';
import type { AreaModule } from '../../app/area-module.ts';
import { persistToken, readUserName } from '../../app/session-store.ts';
import { mineText } from '../../i18n/zh-CN-mine.ts';
import type { RenewedSession } from '../../protocol/profile.ts';
import { MinePage } from './mine-page.tsx';
import { UserInfoPage } from './user-info-page.tsx';
import './mine.css';

function save({ field, draft }: { field: ProfileField; draft: Draft }): Promise<unknown> {
  switch (field) {
    case 'nickname':
      return saveNickname(draft.value);
    case 'avatar':
      return saveAvatar(draft.value);
    case 'birthday':
      return saveBirthday(draft.value);
    case 'password':
      return changeLoginPassword({
        oldPassword: draft.oldPassword,
        password: draft.password,
        confirmPassword: draft.confirmPassword,
      });
  }
}

/**
 * The socket is logged out before a password change or "log out other devices" is sent: the server kicks every
 * socket of the member (this page's too), which would end this page's login; the page starts again under the
 * fresh token (adoptSession), or the socket logs in again when the change was refused.
 */
const socketOf = (system: { get: (id: string) => AnyActorRef | undefined }) => system.get('socket');
const quietSocket = ({ system }: { system: { get: (id: string) => AnyActorRef | undefined } }) =>
  socketOf(system)?.send({ type: 'socket.logout' });
const wakeSocket = ({ system }: { system: { get: (id: string) => AnyActorRef | undefined } }) =>
  socketOf(system)?.send({ type: 'socket.login' });

/**
 * The login goes on under the fresh token: stored as the session's, then the session is told the stored token
 * changed (as when another tab logs in: `session.focus`), and the app starts the page again with it.
 */
function adoptSession(
  { system }: { system: { get: (id: string) => AnyActorRef | undefined } },
  params: unknown,
) {
  const s = (params as { output?: RenewedSession | null }).output;
  if (!s?.token) return;
  persistToken(s.token, s.expiresAt !== null, readUserName() ?? '');
  system.get('session')?.send({ type: 'session.focus', cookieToken: s.token });
}

// The member centre's home and profile (issue 13 §1; docs/member-centre.md): /mine and /mine/userInfo, and the
// area's actor with its effects bound to src/api.
export const area: AreaModule = {
  pages: {
    [MINE_PATH]: MinePage,
    [USER_INFO_PATH]: UserInfoPage,
  },
  actor: {
    logic: mineMachine.provide({
      actors: {
        loadSummary: fromPromise(() => fetchMineSummary()),
        loadProfile: fromPromise(() => fetchProfile()),
        field: fieldFormMachine.provide({
          actors: { save: fromPromise(({ input }) => save(input)) },
          actions: {
            saved: sendParent((_, params) => {
              const p = params as { field: ProfileField; output: unknown };
              return { type: 'mine.fieldSaved', field: p.field, output: p.output };
            }),
            quietSocket: ({ context, system }) => {
              if (context.field === 'password') quietSocket({ system });
            },
            wakeSocket: ({ context, system }) => {
              if (context.field === 'password') wakeSocket({ system });
            },
          },
        }),
        logins: loginsMachine.provide({
          actors: {
            load: fromPromise(() => fetchLogins()),
            logoutOthers: fromPromise(() => logoutOtherDevices()),
          },
          actions: {
            renewed: sendParent((_, params) => ({
              type: 'mine.renewed',
              session: (params as { session: RenewedSession }).session,
            })),
            quietSocket,
            wakeSocket,
          },
        }),
      },
      actions: { adoptSession },
    }),
    input: (path: string) => ({ path, dialog: mineText.logins.dialog, today: Date.now() }),
  },
};
