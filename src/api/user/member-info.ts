// spec §7: POST member/info with withLockMoney 1 and a header carrying the hashed user name.
import { USER_HASH_HEADER, type MemberInfo } from '../../protocol/member.ts';
import { apiPost } from '../client.ts';

export const MEMBER_INFO_PATH = '/site/api/v1/user/member/info';

/** hex SHA-256 of the user name; crypto-js loads on demand (it is not on the first load). */
export async function hashUserName(userName: string): Promise<string> {
  const { sha256Hex } = await import('../../lib/aes.ts');
  return sha256Hex(userName);
}

export async function fetchMemberInfo(userName: string | null): Promise<MemberInfo> {
  const headers = userName ? { [USER_HASH_HEADER]: await hashUserName(userName) } : undefined;
  return apiPost<MemberInfo>(MEMBER_INFO_PATH, { withLockMoney: 1 }, headers ? { headers } : {});
}
