import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PROFILE_PATH } from '../../../src/protocol/profile.ts';
import type { Db } from '../../db/db.ts';
import { deviceOf } from '../../http/device.ts';
import { ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import {
  changePassword,
  loginList,
  logoutOthers,
  mineSummary,
  profileOf,
  setAvatar,
  setBirthday,
  setNickname,
} from './profile.ts';
import {
  avatarSchema,
  birthdaySchema,
  loginsSchema,
  logoutOthersSchema,
  nicknameSchema,
  passwordSchema,
  profileSchema,
  summarySchema,
} from './schemas.ts';

/**
 * The member home and the profile (issue 13 §1; docs/member-centre.md, /tmp/api-mine.md): /mine's summary in
 * one call, the profile's fields, the login password, the member's logins and "log out other devices".
 */
export const profileModule: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    memberScope(db, async (member) => {
      member.get(PROFILE_PATH.summary, { schema: summarySchema }, async (req) =>
        ok(await mineSummary(db, sessionOf(req).memberId)),
      );
      member.get(PROFILE_PATH.profile, { schema: profileSchema }, async (req) =>
        ok(await profileOf(db, sessionOf(req).memberId)),
      );
      member.post(PROFILE_PATH.nickname, { schema: nicknameSchema }, async (req) =>
        ok(await setNickname(db, sessionOf(req).memberId, req.body.nickname)),
      );
      member.post(PROFILE_PATH.avatar, { schema: avatarSchema }, async (req) =>
        ok(await setAvatar(db, sessionOf(req).memberId, req.body.avatar)),
      );
      member.post(PROFILE_PATH.birthday, { schema: birthdaySchema }, async (req) =>
        ok(await setBirthday(db, sessionOf(req).memberId, req.body.birthday)),
      );
      member.post(PROFILE_PATH.password, { schema: passwordSchema }, async (req) =>
        ok(await changePassword(db, sessionOf(req), req.body, deviceOf(req))),
      );
      member.get(PROFILE_PATH.logins, { schema: loginsSchema }, async (req) =>
        ok(await loginList(db, sessionOf(req))),
      );
      member.post(PROFILE_PATH.logoutOthers, { schema: logoutOthersSchema }, async (req) =>
        ok(await logoutOthers(db, sessionOf(req), deviceOf(req))),
      );
    }),
  );
};
