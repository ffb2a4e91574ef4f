// The live casino's tables for the games page (issue 12 §1 "Live casino"): each kind's view, rules and verify.
import type { ZrKind } from '../../games-core/zr/table.ts';
import type { CategoryModules, GameModule } from '../game-module.ts';
import { Rules } from './rules.tsx';
import { verifyRound } from './verify.ts';
import { TableView } from './view.tsx';

const moduleOf = (kind: ZrKind): GameModule => ({
  View: TableView,
  Rules,
  verify: (round) => verifyRound(kind, round),
});

export const modules: CategoryModules = {
  baccarat: moduleOf('baccarat'),
  'dragon-tiger': moduleOf('dragon-tiger'),
};
