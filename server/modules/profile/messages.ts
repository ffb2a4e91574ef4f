import {
  BIRTHDAY_MAX_AGE_YEARS,
  BIRTHDAY_MIN_AGE_YEARS,
  NICKNAME_MAX,
  NICKNAME_MIN,
  type BirthdayProblem,
  type NicknameProblem,
} from '../../../src/protocol/profile.ts';

// The profile module's answers to players (issue 13 §1), in Chinese.
export const PROFILE_MESSAGE = {
  nickname: {
    length: `昵称需为 ${NICKNAME_MIN}-${NICKNAME_MAX} 个字符`,
    characters: '昵称只能包含中文、字母、数字和下划线',
    reserved: '昵称不能包含“客服”“官方”等字样',
  } satisfies Record<NicknameProblem, string>,
  birthday: {
    format: '请输入正确的出生日期',
    tooYoung: `须年满 ${BIRTHDAY_MIN_AGE_YEARS} 周岁`,
    tooOld: `出生日期不能早于 ${BIRTHDAY_MAX_AGE_YEARS} 年前`,
  } satisfies Record<BirthdayProblem, string>,
  birthdaySet: '生日设置后不可修改，如需更正请联系客服',
  avatarUnknown: '请从站点提供的头像中选择',
  passwordWrong: '原登录密码错误',
  passwordSame: '新密码不能与原密码相同',
} as const;
