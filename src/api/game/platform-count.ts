// Venue counts by platform for the home page's game categories (spec §3 count keys TY, DZ, DJ, ZR, CP, QP, and
// the fishing category BY: issue 19 §2 "the platform count on every category tile").
import { apiGet, type ApiCallConfig } from '../client.ts';

export const PLATFORM_COUNT_PATH = '/game/api/v1/venue/platformCount';
export type PlatformCountMap = Record<'TY' | 'DZ' | 'DJ' | 'ZR' | 'CP' | 'QP' | 'BY', number>;

export function fetchPlatformCounts(config?: ApiCallConfig): Promise<PlatformCountMap> {
  return apiGet<PlatformCountMap>(PLATFORM_COUNT_PATH, config);
}
