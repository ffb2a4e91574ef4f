import type { Db } from './db.ts';
import { writeSiteConfig } from '../modules/site/config.ts';
import { seedDemoPlayer } from '../modules/member/members.ts';
import { writeCatalogue } from '../modules/venue/catalogue-seed.ts';
import { NOTICE_CATEGORY, DISPLAY_EQUIPMENT } from '../../src/protocol/site.ts';

export const DEMO_SEED_VERSION = 'demo-v1';

/**
 * Seeds realistic demo content once into a new database; later starts leave what operators changed. A database
 * seeded before the venue catalogue existed gets it once (seedCatalogue).
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const done = await db.query('SELECT 1 FROM app_meta WHERE key = $1', [`seed:${DEMO_SEED_VERSION}`]);
  if (done.rowCount > 0) return seedCatalogue(db);
  await db.transaction(async (tx) => {
    await writeSiteConfig(tx, 'title', '星耀棋牌 · 棋牌 体育 真人 电子 彩票');
    await writeSiteConfig(tx, 'webLogoTitleUrl', '/media/logo.svg');
    await writeSiteConfig(tx, 'globePhoneNumber', '400-820-8820');
    await writeSiteConfig(tx, 'address', '客服中心 7×24 小时在线');
    await writeSiteConfig(tx, 'siteVideoSkinOpen', false);

    const notices: Array<[number, string, string]> = [
      [
        NOTICE_CATEGORY.marquee,
        '新会员专享',
        '欢迎来到星耀棋牌！新会员完成注册即可领取体验金，详情请查看活动中心。',
      ],
      [
        NOTICE_CATEGORY.marquee,
        '防骗提醒',
        '官方客服不会主动索要您的密码或验证码，也不会主动提供银行卡号引导充值，请谨防诈骗。',
      ],
      [
        NOTICE_CATEGORY.marquee,
        '系统维护通知',
        '每周二 04:00-06:00 部分电子游戏平台例行维护，期间暂停进入，敬请留意。',
      ],
      [
        NOTICE_CATEGORY.announcement,
        'VIP 晋级礼金升级',
        'VIP 等级晋级礼金全面升级，最高可领 88888 元，投注越多礼金越多。',
      ],
      [
        NOTICE_CATEGORY.announcement,
        '世界杯专题上线',
        '体育频道世界杯专题已上线，赛事直播、实时赔率、串关竞猜一站掌握。',
      ],
    ];
    for (const [i, [category, title, content]] of notices.entries()) {
      await tx.query('INSERT INTO notices (category, title, content, sort) VALUES ($1, $2, $3, $4)', [
        category,
        title,
        content,
        i,
      ]);
    }

    const ads: Array<[string, string, string]> = [
      ['新人首存礼 最高送 888', '/media/banner-welcome.svg', '/activity/discount'],
      ['体育串关 加赔 30%', '/media/banner-sport.svg', '/game/sport'],
      ['邀请好友 共享佣金', '/media/banner-invite.svg', '/activity/friendInvitation'],
    ];
    for (const [i, [title, image, link]] of ads.entries()) {
      await tx.query(
        'INSERT INTO station_ads (title, image_url, link_url, width, height, sort) VALUES ($1, $2, $3, 1200, 400, $4)',
        [title, image, link, i],
      );
    }

    await tx.query(
      'INSERT INTO suspension_icons (title, image_url, link_url, display_equipment) VALUES ($1, $2, $3, $4), ($1, $2, $3, $5)',
      [
        '幸运翻牌',
        '/media/float-lucky-flip.svg',
        '/activity/luckyFlip',
        DISPLAY_EQUIPMENT.web,
        DISPLAY_EQUIPMENT.h5,
      ],
    );
    await tx.query(
      'INSERT INTO pop_activities (title, content, image_url, link_url) VALUES ($1, $2, $3, $4)',
      [
        '签到日历 天天有礼',
        '每日签到领取彩金，连续签到 7 天额外赠送神秘大奖。',
        '/media/pop-calendar.svg',
        '/activity/calendar',
      ],
    );
    await writeCatalogue(tx);
    await seedDemoPlayer(tx);
    await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, now()::text), ($2, now()::text)', [
      `seed:${DEMO_SEED_VERSION}`,
      `seed:${CATALOGUE_SEED_VERSION}`,
    ]);
  });
  return true;
}

/**
 * The venue catalogue of issue 11 (YBTY is provider two's OB 体育, V188, logos, playable sport and esports
 * venues, game lists), written once into a database the demo seed filled before it existed. A new database
 * gets it with the demo seed. v2 (issue 19 §2): the game lists' icons are the site's own art (/media/games/).
 */
export const CATALOGUE_SEED_VERSION = 'venues-v2';

export async function seedCatalogue(db: Db): Promise<boolean> {
  const demo = await db.query('SELECT 1 FROM app_meta WHERE key = $1', [`seed:${DEMO_SEED_VERSION}`]);
  const done = await db.query('SELECT 1 FROM app_meta WHERE key = $1', [`seed:${CATALOGUE_SEED_VERSION}`]);
  if (demo.rowCount === 0 || done.rowCount > 0) return false;
  await db.transaction(async (tx) => {
    await writeCatalogue(tx);
    await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, now()::text) ON CONFLICT DO NOTHING', [
      `seed:${CATALOGUE_SEED_VERSION}`,
    ]);
  });
  return true;
}
