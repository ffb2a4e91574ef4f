// The live casino category (issue 12 §1): IN PROGRESS — replaced by the category's own routes and engine.
import type { GameCategory } from '../category.ts';

export const zrCategory: GameCategory = {
  name: 'live casino',
  kinds: ['baccarat', 'dragon-tiger'],
  routes() {},
};
