// The slots category's page parts (issue 12 §1 "Slots (DZ)"; docs/games-dz.md): one view, rules and verifier for
// the four games of kind 'slot'.
import type { CategoryModules } from '../game-module.ts';
import { Rules } from './rules.tsx';
import { verify } from './verify.ts';
import { SlotView } from './view.tsx';

export const modules: CategoryModules = {
  slot: { View: SlotView, Rules, verify },
};
