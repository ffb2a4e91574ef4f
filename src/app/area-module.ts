import type { ComponentType } from 'react';
import type { AnyActorLogic } from 'xstate';

// What an area's entry module (src/features/<area>/area.ts) exports as `area` (issue 8 §1; the recipe is in
// docs/architecture.md "How to add an area").

export interface AreaActor {
  /** The area's machine with its effects provided (machines/<area>/ bound to src/api and src/platform). */
  logic: AnyActorLogic;
  /** Its input when the player enters the area at `path` (the path is always part of it). */
  input: (path: string) => unknown;
  /** The actor stays in the system after the player leaves (e.g. home keeps its content). */
  keepAlive?: boolean;
}

export interface AreaModule {
  /** The page of each path the area serves (spec §2 paths); a path without one is not built yet. */
  pages: Readonly<Record<string, ComponentType>>;
  actor?: AreaActor;
}
