// The categories of the sandbox games, in lobby order (category.ts says what each provides).
import { byCategory } from './by/index.ts';
import type { GameCategory } from './category.ts';
import { cpCategory } from './cp/index.ts';
import { dzCategory } from './dz/index.ts';
import { qpCategory } from './qp/index.ts';
import { zrCategory } from './zr/index.ts';

export const GAME_CATEGORIES: readonly GameCategory[] = [
  qpCategory,
  dzCategory,
  zrCategory,
  cpCategory,
  byCategory,
];
