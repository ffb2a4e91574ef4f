// Payload shapes of the site and activity content calls (spec §3, §7). Shared by both sides.

/** SiteBaseConfigVo (spec §3). */
export interface SiteBaseConfig {
  title: string;
  webLogoTitleUrl: string;
  /** The site domain mobile visitors are sent to (spec §1); empty when unset. */
  siteDomainUrl: string;
}

/** Site pre-info (spec §3). */
export interface PreInfo {
  SiteBaseConfigVo: SiteBaseConfig;
  address: string;
  disablePhones: string[];
  globePhoneNumber: string;
  /** The caller's IP address as the server saw it. */
  ip: string;
  /** status 0 = under maintenance (spec §4), 1 = open. */
  maintainConfig: { status: 0 | 1; startTime: string | null; endTime: string | null; notice: string };
  siteFestivalSkin: string;
  siteVideoActiveUrl: string;
  siteVideoSkinOpen: boolean;
  stopLogin: boolean;
  stopRegister: boolean;
  /**
   * The origins whose pages the site may frame on its embedded venue pages (issue 11; isVenueFrameUrl in
   * venues.ts): the server's public origin for the sandbox venues. Absent from an older server's answer: frame none.
   */
  venueOrigins?: string[];
}

export interface PreInfoRequest {
  platformType?: number;
}

export interface Notice {
  id: number;
  category: number;
  title: string;
  content: string;
  createdAt: string;
}

export interface StationAd {
  id: number;
  title: string;
  imageUrl: string;
  linkUrl: string;
  width: number;
  height: number;
}

export interface SuspensionIcon {
  id: number;
  title: string;
  imageUrl: string;
  linkUrl: string;
  displayEquipment: string;
}

export interface PopInfo {
  id: number;
  title: string;
  content: string;
  imageUrl: string;
  linkUrl: string;
}

/** Notice categories (queryNoticeList `category`). */
export const NOTICE_CATEGORY = { marquee: 1, announcement: 2 } as const;

/** Display equipment of the floating icon (spec §7 default '1'). */
export const DISPLAY_EQUIPMENT = { web: '1', h5: '2' } as const;
