// The member's top-activity pop-up (spec §7 popInfo); null when there is none to show.
import type { PopInfo } from '../../protocol/site.ts';
import { apiGet, type ApiCallConfig } from '../client.ts';

export const POP_INFO_PATH = '/act/api/v1/memberTopActivity/popInfo';

export async function fetchPopInfo(config?: ApiCallConfig): Promise<PopInfo | null> {
  // The server may answer null, nothing, or an empty object when no activity is running.
  const data = await apiGet<PopInfo | null | undefined>(POP_INFO_PATH, config);
  return data && Object.keys(data).length > 0 ? data : null;
}
