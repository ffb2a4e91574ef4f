// The four slot games of the DZ venues (src/protocol/games.ts GRID_GAMES.DZ; docs/games-dz.md), all on the one
// reel engine (engine.ts). Symbols: A…H plain (A pays most), W the wild (reels 2–4), S the scatter; their Chinese
// names are the page's (src/i18n/zh-CN-games-dz.ts). Each statedRtp is what the rules page shows; the test
// tests/unit/games-core/dz/ checks it against the exact return computed from these strips (to 0.01 %).
import type { SlotGame } from './engine.ts';

/** 财神到: 10 free spins at ×2. */
export const FORTUNE_GOD: SlotGame = {
  code: 'fortune-god',
  strips: [
    'CFGDAHEFBGSCDHFEGBHDFACEGHFDBGEH',
    'HCFDWGEAHBFDCGWEHFBDGECAHWSFDGBE',
    'BEHFCDWGEHABFDCGEWHFBDGECHAWFDSG',
    'BEHSFCDWGEHBAFDGCEWHFBDGECHAFWDG',
    'DGBEHFCGDHEFBGAHDCFEGHFDBGESCHAF',
  ],
  pays: {
    A: [40, 150, 800],
    B: [25, 80, 400],
    C: [20, 60, 250],
    D: [15, 50, 150],
    E: [10, 30, 100],
    F: [8, 25, 80],
    G: [6, 20, 60],
    H: [4, 15, 50],
  },
  scatterPays: [2, 10, 50],
  freeSpins: 10,
  freeMultiplier: 2,
  statedRtp: 0.9651,
};

/** 金龙献瑞: 8 free spins at ×3, a rarer and bigger top symbol. */
export const GOLDEN_DRAGON: SlotGame = {
  code: 'golden-dragon',
  strips: [
    'CFGDHEFGHSCABDEFHGEDFHCGEHFBDGEH',
    'HFCGDHWEFGDCHBFEAGHDFWGECHSFDBGE',
    'BEHFCGDWEFHGDCFBEWHGADFGECHWFDSG',
    'EBHSFCGDHEFWGDHCFEBGHDFAGECWHFDG',
    'DGEHBFCGHDEFHGEDCFHGBEHFDGSECAHF',
  ],
  pays: {
    A: [100, 400, 2000],
    B: [50, 150, 600],
    C: [30, 80, 300],
    D: [20, 60, 200],
    E: [10, 30, 100],
    F: [8, 25, 80],
    G: [6, 20, 60],
    H: [5, 15, 50],
  },
  scatterPays: [3, 15, 100],
  freeSpins: 8,
  freeMultiplier: 3,
  statedRtp: 0.9568,
};

/** 水果派对: frequent small wins, two scatters on reels 1 and 5, 12 free spins at ×2. */
export const FRUIT_PARTY: SlotGame = {
  code: 'fruit-party',
  strips: [
    'CFDAGSEHBCFDGAEHCFBDGSEHCAFDGBEH',
    'HCFDAGWEHBFDCGEAHFBDGWECHSAFDGBE',
    'BEHFCWAGDEHBFCGEWAHDFBGECHWFADSG',
    'BEHSFCDGAEHWBFDGCEAHFBDGECHWFADG',
    'DGBEHCFDGAEHCBSFDGEHACFDBGEHCSFA',
  ],
  pays: {
    A: [25, 100, 400],
    B: [20, 80, 250],
    C: [15, 50, 200],
    D: [12, 40, 150],
    E: [10, 30, 100],
    F: [8, 20, 80],
    G: [6, 15, 60],
    H: [5, 12, 50],
  },
  scatterPays: [2, 8, 40],
  freeSpins: 12,
  freeMultiplier: 2,
  statedRtp: 0.9627,
};

/** 宝石狂潮: bigger scatter pays, 10 free spins at ×2. */
export const GEM_RUSH: SlotGame = {
  code: 'gem-rush',
  strips: [
    'CFGDHAEFGHSCBDFEHGDFHACEGHFBDGEH',
    'HFCDWGEAFHDCGBFWEHDFGECAHWSFDGBE',
    'BEHFCDWGEFHADCGFBEWHDFGECHAWFDSG',
    'EBHSFCGDEFHWAGDCFEBHGDFGECHWAFDG',
    'DGHEBFCGHDEFHGADCFHEGBHFDGESCHAF',
  ],
  pays: {
    A: [50, 250, 1000],
    B: [40, 120, 500],
    C: [25, 75, 250],
    D: [15, 50, 150],
    E: [10, 30, 100],
    F: [6, 20, 75],
    G: [5, 15, 50],
    H: [4, 12, 40],
  },
  scatterPays: [5, 20, 100],
  freeSpins: 10,
  freeMultiplier: 2,
  statedRtp: 0.9517,
};

export const SLOT_GAMES: readonly SlotGame[] = [FORTUNE_GOD, GOLDEN_DRAGON, FRUIT_PARTY, GEM_RUSH];

/** The game of a catalogue code, or undefined. */
export const slotGameOf = (code: string): SlotGame | undefined => SLOT_GAMES.find((g) => g.code === code);
