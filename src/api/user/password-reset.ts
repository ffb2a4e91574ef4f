import type { ResetPasswordRequest } from '../../protocol/member.ts';
import { apiPost } from '../client.ts';

export const PASSWORD_RESET_PATH = '/site/api/v1/user/password/reset';
export const resetPassword = (request: ResetPasswordRequest) => apiPost<null>(PASSWORD_RESET_PATH, request);
