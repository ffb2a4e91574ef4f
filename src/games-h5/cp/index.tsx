// The lottery category's page parts (issue 12 §1 "Lottery (CP)"; docs/games-cp.md): one view, rules and verifier
// for 快三 and 时时彩.
import type { CategoryModules } from '../game-module.ts';
import { Rules } from './rules.tsx';
import { verify } from './verify.ts';
import { LotteryView } from './view.tsx';

export const modules: CategoryModules = {
  k3: { View: LotteryView, Rules, verify },
  ssc: { View: LotteryView, Rules, verify },
};
