// The chess and card category (issue 12 §1): IN PROGRESS — replaced by the category's own routes and engine.
import type { GameCategory } from '../category.ts';

export const qpCategory: GameCategory = {
  name: 'chess and card',
  kinds: ['bull', 'blackjack'],
  routes() {},
};
