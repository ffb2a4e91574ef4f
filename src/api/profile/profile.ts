// The member home and the profile (issue 13 §1; /tmp/api-mine.md → docs/api.md "Member centre").
import { CODE } from '../../protocol/api.ts';
import { MEMBER_CODE } from '../../protocol/member.ts';
import {
  PROFILE_PATH,
  type LoginList,
  type MineSummary,
  type PasswordChangeRequest,
  type Profile,
  type RenewedSession,
} from '../../protocol/profile.ts';
import { apiGet, apiPost, type ApiCallConfig } from '../client.ts';

/** The profile's own refusals are shown on its forms; every other code still reaches the error catalogue. */
const OWN_CODES = new Set<number>([
  CODE.nicknameInvalid,
  CODE.birthdayInvalid,
  CODE.avatarUnknown,
  CODE.passwordWrong,
  CODE.loginNotFound,
  MEMBER_CODE.passwordFormat,
  MEMBER_CODE.passwordMismatch,
  CODE.validation,
]);
export const ownErrors: ApiCallConfig = {
  handles: (e) => e.type === 'business' && OWN_CODES.has(Number(e.code)),
};

export const fetchMineSummary = () => apiGet<MineSummary>(PROFILE_PATH.summary);
export const fetchProfile = () => apiGet<Profile>(PROFILE_PATH.profile);
export const saveNickname = (nickname: string) =>
  apiPost<Profile>(PROFILE_PATH.nickname, { nickname }, ownErrors);
export const saveAvatar = (avatar: string) => apiPost<Profile>(PROFILE_PATH.avatar, { avatar }, ownErrors);
export const saveBirthday = (birthday: string) =>
  apiPost<Profile>(PROFILE_PATH.birthday, { birthday }, ownErrors);
export const changeLoginPassword = (req: PasswordChangeRequest) =>
  apiPost<RenewedSession>(PROFILE_PATH.password, req, ownErrors);
export const fetchLogins = () => apiGet<LoginList>(PROFILE_PATH.logins);
export const logoutOtherDevices = () => apiPost<RenewedSession>(PROFILE_PATH.logoutOthers, {}, ownErrors);
