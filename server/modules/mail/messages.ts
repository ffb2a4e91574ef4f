import { FEEDBACK_IMAGES_MAX, FEEDBACK_RATE } from '../../../src/protocol/mail.ts';

// What the mail and feedback area says to a player (zh-CN; the pages show the server's message for a refusal).

export const MAIL_MESSAGE = {
  notFound: '该消息不存在或已删除',
  feedbackInvalid: '请选择反馈类型，并填写 5 至 500 字的反馈内容',
  imageInvalid: `图片仅支持 PNG、JPEG、WebP 格式，每张不超过 2MB，最多 ${FEEDBACK_IMAGES_MAX} 张`,
  feedbackNotFound: '该反馈或图片不存在',
  feedbackTooMany: `提交过于频繁：${FEEDBACK_RATE.burstMinutes} 分钟内最多 ${FEEDBACK_RATE.burst} 条，每天最多 ${FEEDBACK_RATE.daily} 条，请稍后再试`,
} as const;

/** The feedback types as the reply's mail title names them. */
export const FEEDBACK_TYPE_NAME = {
  deposit: '充值问题',
  withdrawal: '提现问题',
  game: '游戏问题',
  suggestion: '意见建议',
  other: '其他问题',
} as const;

export const feedbackReplyTitle = (type: keyof typeof FEEDBACK_TYPE_NAME) =>
  `反馈回复：${FEEDBACK_TYPE_NAME[type]}`;
