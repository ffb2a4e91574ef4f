import type { AuthResponse, RegisterRequest } from '../../protocol/member.ts';
import { apiPost } from '../client.ts';

export const REGISTER_PATH = '/site/api/v1/user/register';
export const registerMember = (request: RegisterRequest) => apiPost<AuthResponse>(REGISTER_PATH, request);
