import { apiPost } from '../client.ts';

export const LOGOUT_PATH = '/site/api/v1/user/logout';
export const logoutMember = () => apiPost<null>(LOGOUT_PATH, {});
