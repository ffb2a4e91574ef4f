// spec §4: the socket login fetches a member jwt first.
import type { MemberJwt } from '../../protocol/member.ts';
import { apiGet } from '../client.ts';

export const MEMBER_JWT_PATH = '/site/api/v1/user/member/jwt';
export const fetchMemberJwt = () => apiGet<MemberJwt>(MEMBER_JWT_PATH);
