// The floating activity icons (spec §7 suspensionIcon, displayEquipment default '1').
import { DISPLAY_EQUIPMENT, type SuspensionIcon } from '../../protocol/site.ts';
import { apiPost, type ApiCallConfig } from '../client.ts';

export const SUSPENSION_ICON_PATH = '/act/api/v1/activityShow/suspensionIcon';

export function fetchSuspensionIcons(
  displayEquipment: string = DISPLAY_EQUIPMENT.web,
  config?: ApiCallConfig,
): Promise<SuspensionIcon[]> {
  return apiPost<SuspensionIcon[]>(SUSPENSION_ICON_PATH, { displayEquipment }, config);
}
