// IN PROGRESS (issue 12): the category's views, rules and verifier replace this.
import type { CategoryModules } from '../game-module.ts';

export const modules: CategoryModules = {};
