// The slots category (issue 12 §1): IN PROGRESS — replaced by the category's own routes and engine.
import type { GameCategory } from '../category.ts';

export const dzCategory: GameCategory = {
  name: 'slots',
  kinds: ['slot'],
  routes() {},
};
