// Which category module serves each engine: loaded when the page opens a game of it (one chunk per category).
import type { GameKind } from '../protocol/games.ts';
import type { CategoryModules, GameModule } from './game-module.ts';

const LOADERS: Record<GameKind, () => Promise<CategoryModules>> = {
  bull: () => import('./qp/index.tsx').then((m) => m.modules),
  blackjack: () => import('./qp/index.tsx').then((m) => m.modules),
  slot: () => import('./dz/index.tsx').then((m) => m.modules),
  baccarat: () => import('./zr/index.tsx').then((m) => m.modules),
  'dragon-tiger': () => import('./zr/index.tsx').then((m) => m.modules),
  k3: () => import('./cp/index.tsx').then((m) => m.modules),
  ssc: () => import('./cp/index.tsx').then((m) => m.modules),
  fish: () => import('./by/index.tsx').then((m) => m.modules),
};

export async function loadGameModule(kind: GameKind): Promise<GameModule> {
  const module = (await LOADERS[kind]())[kind];
  if (!module) throw new Error(`no module for ${kind}`);
  return module;
}
