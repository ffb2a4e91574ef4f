// Sandbox SMS verification code (docs/api.md).
import type { SmsSendRequest, SmsSendResponse } from '../../protocol/member.ts';
import { apiPost } from '../client.ts';

export const SMS_SEND_PATH = '/site/api/v1/user/sms/send';
export const sendSmsCode = (request: SmsSendRequest) => apiPost<SmsSendResponse>(SMS_SEND_PATH, request);
