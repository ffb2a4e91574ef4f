// spec §4, §7: the call that fetches provider two's and three's shared parameters again ("path not shown"; its
// design: POST /game/api/v1/venue/providerParams, src/protocol/venues.ts ProviderParamsRequest). It issues a
// fresh credential for the member; the provider-parameter machine's fetchParams effect.
import type { ProviderParamsRequest, ProviderParamsResponse } from '../../protocol/venues.ts';
import { apiPost, type ApiCallConfig } from '../client.ts';

export const PROVIDER_PARAMS_PATH = '/game/api/v1/venue/providerParams';

export function fetchProviderParams(
  provider: ProviderParamsRequest['provider'],
  config?: ApiCallConfig,
): Promise<ProviderParamsResponse> {
  return apiPost<ProviderParamsResponse>(
    PROVIDER_PARAMS_PATH,
    { provider } satisfies ProviderParamsRequest,
    config,
  );
}
