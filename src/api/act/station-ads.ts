// Station adverts (spec §7 queryStationAdList).
import type { StationAd } from '../../protocol/site.ts';
import { apiGet, type ApiCallConfig } from '../client.ts';

export const STATION_ADS_PATH = '/act/api/v1/advertising/queryStationAdList';

export function fetchStationAds(config?: ApiCallConfig): Promise<StationAd[]> {
  return apiGet<StationAd[]>(STATION_ADS_PATH, config);
}
