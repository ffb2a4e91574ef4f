import type { AuthResponse, LoginRequest } from '../../protocol/member.ts';
import { apiPost } from '../client.ts';

export const LOGIN_PATH = '/site/api/v1/user/login';
export const loginMember = (request: LoginRequest) => apiPost<AuthResponse>(LOGIN_PATH, request);
