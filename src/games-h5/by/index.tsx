// The fishing category's page parts (issue 12 §1 "Fishing"; docs/games-by.md): one view, rules and verifier for
// the three games of kind 'fish'.
import type { CategoryModules } from '../game-module.ts';
import { Rules } from './rules.tsx';
import { verify } from './verify.ts';
import { FishingView } from './view.tsx';

export const modules: CategoryModules = {
  fish: { View: FishingView, Rules, verify },
};
