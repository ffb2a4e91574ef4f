// The sports of the sandbox sportsbook and their rules of play (issue 11 §4; docs/sportsbook.md "Fixtures").
// Design figures, each named once: how long a match lasts in match minutes, how often a match kicks off, how
// strong a home side is, how the prices' lines are chosen. Names of leagues and teams are made up.
import type { ESPORTS_TITLES } from '../../../../src/protocol/sportsbook.ts';
import { type Sport } from '../../../../src/protocol/sportsbook.ts';

export type EsportsTitle = (typeof ESPORTS_TITLES)[number];

/** Two kinds of play: scores as Poisson processes (goals, points) or a best-of series (sets, maps). */
export type ScoreModel = 'poisson' | 'series';

export interface SportRules {
  sport: Sport;
  /** The two letters that open its match ids. */
  code: 'FB' | 'BK' | 'TN' | 'ES';
  /** The name the counts answer shows. */
  name: string;
  model: ScoreModel;
  /** poisson: the match's minutes; series: the minutes of one set or map. */
  minutes: number;
  /** series: sets or maps needed to win (best of 2n − 1). */
  toWin: number;
  /** Real minutes between two kick-offs of this sport (the fixtures' grid); the first at `firstSlotMinute`. */
  slotMinutes: number;
  firstSlotMinute: number;
  /** poisson: expected score of an even side over the match; the home side gets `homeEdge` more (log scale). */
  baseScore: number;
  /** poisson: how much one unit of rating difference moves the expected score (log scale). */
  ratingWeight: number;
  homeEdge: number;
  /** series: the logistic weight of the rating difference on a set or map. */
  seriesWeight: number;
  /** Live lines (AH, OU) are chosen again every this many match minutes (and, `linesFollowScore`, after a score). */
  lineEveryMinutes: number;
  linesFollowScore: boolean;
  /** A score change suspends every market for this many match minutes (0: never). */
  suspendAfterScore: number;
  /** Whether the winner market has a draw (1X2) or only two sides. */
  threeWay: boolean;
}

export const SPORT_RULES: Readonly<Record<Sport, SportRules>> = {
  football: {
    sport: 'football',
    code: 'FB',
    name: '足球',
    model: 'poisson',
    minutes: 90,
    toWin: 0,
    slotMinutes: 6,
    firstSlotMinute: 2,
    baseScore: 1.35,
    ratingWeight: 0.45,
    homeEdge: 0.12,
    seriesWeight: 0,
    lineEveryMinutes: 15,
    linesFollowScore: true,
    suspendAfterScore: 1,
    threeWay: true,
  },
  basketball: {
    sport: 'basketball',
    code: 'BK',
    name: '篮球',
    model: 'poisson',
    minutes: 48,
    toWin: 0,
    slotMinutes: 4,
    firstSlotMinute: 1,
    baseScore: 106,
    ratingWeight: 0.06,
    homeEdge: 0.02,
    seriesWeight: 0,
    lineEveryMinutes: 6,
    linesFollowScore: false,
    suspendAfterScore: 0,
    threeWay: true,
  },
  tennis: {
    sport: 'tennis',
    code: 'TN',
    name: '网球',
    model: 'series',
    minutes: 25,
    toWin: 2,
    slotMinutes: 6,
    firstSlotMinute: 4,
    baseScore: 0,
    ratingWeight: 0,
    homeEdge: 0,
    seriesWeight: 1.4,
    lineEveryMinutes: 0,
    linesFollowScore: false,
    suspendAfterScore: 1,
    threeWay: false,
  },
  esports: {
    sport: 'esports',
    code: 'ES',
    name: '电子竞技',
    model: 'series',
    minutes: 30,
    toWin: 2,
    slotMinutes: 4,
    firstSlotMinute: 3,
    baseScore: 0,
    ratingWeight: 0,
    homeEdge: 0,
    seriesWeight: 1.2,
    lineEveryMinutes: 0,
    linesFollowScore: false,
    suspendAfterScore: 1,
    threeWay: false,
  },
};

export const SPORT_BY_CODE: Readonly<Record<string, SportRules>> = Object.fromEntries(
  Object.values(SPORT_RULES).map((r) => [r.code, r]),
);

/** The leagues of each ball sport and their (made-up) sides. */
export const LEAGUES: Readonly<
  Record<'football' | 'basketball' | 'tennis', ReadonlyArray<{ name: string; teams: string[] }>>
> = {
  football: [
    {
      name: '沙盒超级联赛',
      teams: ['北岸联', '东港城', '西山竞技', '南湖流浪者', '金沙体育', '白云队', '青龙联', '红枫城'],
    },
    {
      name: '沙盒甲级联赛',
      teams: ['海湾联合', '松原竞技', '铁桥城', '北风队', '银河流浪者', '星港联', '石门体育', '雪原队'],
    },
    {
      name: '沙盒杯',
      teams: ['江城', '山海队', '长风联', '紫金竞技', '翠湖城', '蓝港联', '金狮队', '雷霆体育'],
    },
  ],
  basketball: [
    {
      name: '沙盒篮球联赛',
      teams: ['飞鹰', '猛虎', '雄狮', '猎豹', '战狼', '火凤', '天马', '神龙'],
    },
    {
      name: '沙盒大学篮球赛',
      teams: ['理工大学', '师范大学', '农业大学', '财经大学', '海洋大学', '交通大学', '医科大学', '体育学院'],
    },
  ],
  tennis: [
    {
      name: '沙盒网球公开赛 男单',
      teams: ['陈一鸣', '李浩然', '王子豪', '赵天宇', '刘思远', '孙博文', '周嘉乐', '吴俊杰'],
    },
    {
      name: '沙盒网球公开赛 女单',
      teams: ['林若曦', '张雨桐', '黄诗涵', '何欣怡', '郭梓萱', '马可欣', '罗佳怡', '高子涵'],
    },
  ],
};

/** The esports titles' tournaments and teams (ESPORTS_TITLES of the protocol). */
export const ESPORTS_LEAGUES: Readonly<Record<EsportsTitle, { name: string; teams: string[] }>> = {
  lol: {
    name: '英雄联盟 沙盒职业联赛',
    teams: ['星辰', '烈焰', '寒霜', '疾风', '雷鸣', '暗影', '曙光', '苍穹'],
  },
  dota2: {
    name: 'DOTA2 沙盒邀请赛',
    teams: ['远古', '天辉', '夜魇', '圣堂', '虚空', '秘法', '狂战', '先知'],
  },
  cs2: { name: 'CS2 沙盒大师赛', teams: ['钢铁', '猎鹰', '黑鹰', '白狼', '银狐', '火线', '极光', '赤焰'] },
  kog: {
    name: '王者荣耀 沙盒冠军杯',
    teams: ['长安', '洛阳', '峡谷', '稷下', '云中', '扶桑', '玄雍', '逐鹿'],
  },
};
