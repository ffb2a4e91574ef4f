// Shared data for the machine tests.
import type { PreInfo } from '../../src/protocol/site.ts';

export interface PreInfoOptions {
  status?: 0 | 1;
  title?: string;
  siteDomainUrl?: string;
}

/** A complete site pre-info (spec §3) with the fields the machines read set as asked. */
export function preInfo({
  status = 1,
  title = '棋牌官网',
  siteDomainUrl = '',
}: PreInfoOptions = {}): PreInfo {
  return {
    SiteBaseConfigVo: { title, webLogoTitleUrl: '/logo.png', siteDomainUrl },
    address: '',
    disablePhones: [],
    globePhoneNumber: '',
    ip: '203.0.113.7',
    maintainConfig: { status, startTime: null, endTime: null, notice: status === 0 ? '维护中' : '' },
    siteFestivalSkin: '',
    siteVideoActiveUrl: '',
    siteVideoSkinOpen: false,
    stopLogin: false,
    stopRegister: false,
  };
}

export const OPEN = preInfo({ status: 1 });
export const DOWN = preInfo({ status: 0 });
export const ORIGIN = 'https://www.qipai.example';
export const MOBILE_DOMAIN = 'm.qipai.example';
export const MOBILE = preInfo({ status: 1, siteDomainUrl: MOBILE_DOMAIN });
