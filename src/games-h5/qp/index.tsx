// The chess-and-card category's page (issue 12 §1; docs/games-qp.md): 抢庄牛牛 and 二十一点, each with its table,
// its rules and its verifier.
import type { CategoryModules } from '../game-module.ts';
import { BlackjackTable } from './blackjack.tsx';
import { BullTable } from './bull.tsx';
import './qp.css';
import { BlackjackRules, BullRules } from './rules.tsx';
import { verifyBlackjack, verifyBull } from './verify.ts';

export const modules: CategoryModules = {
  bull: { View: BullTable, Rules: BullRules, verify: verifyBull },
  blackjack: { View: BlackjackTable, Rules: BlackjackRules, verify: verifyBlackjack },
};
