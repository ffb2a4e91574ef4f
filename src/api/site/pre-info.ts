// Site pre-info (spec §3, §7).
import { DEFAULT_PLATFORM_TYPE } from '../../protocol/api.ts';
import type { PreInfo, PreInfoRequest } from '../../protocol/site.ts';
import { apiPost, type ApiCallConfig } from '../client.ts';

export const PRE_INFO_PATH = '/site/api/v1/configuration/preInfo';

export function fetchPreInfo(request: PreInfoRequest = {}, config?: ApiCallConfig): Promise<PreInfo> {
  return apiPost<PreInfo>(
    PRE_INFO_PATH,
    { platformType: request.platformType ?? DEFAULT_PLATFORM_TYPE },
    config,
  );
}
