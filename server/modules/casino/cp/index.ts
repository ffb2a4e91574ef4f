// The lottery category (issue 12 §1): IN PROGRESS — replaced by the category's own routes and engine.
import type { GameCategory } from '../category.ts';

export const cpCategory: GameCategory = {
  name: 'lottery',
  kinds: ['k3', 'ssc'],
  routes() {},
};
