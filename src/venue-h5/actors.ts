// The page's actors, for its components (created once in main.tsx).
import { createContext, useContext } from 'react';
import type { Actors } from './compose.ts';

export const ActorsContext = createContext<Actors | null>(null);

export function useActors(): Actors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('the venue page renders inside ActorsContext');
  return actors;
}
