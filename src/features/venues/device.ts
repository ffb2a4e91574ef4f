// What the launch needs to know of the device (issue 11 §2): a phone, or a phone-sized window, gets the venue's
// phone page (h5Url); the site's scheme is sent as spec §7's `https`.
import { isMobileDevice, servedOverHttps, viewportAtMost } from '../../platform/page.ts';

/** The site's layout switches to the desktop one at this width (src/ui/styles.css). */
const DESKTOP_MIN_WIDTH_PX = 900;

export const isPhone = (): boolean => isMobileDevice() || viewportAtMost(DESKTOP_MIN_WIDTH_PX - 1);

export const isHttps = (): boolean => servedOverHttps();
