// What a category gives the games page (src/games-h5/<category>/index.tsx): for each of its kinds, the game's
// view, its rules page and its verifier. The shell (shell.tsx) owns the header (venue wallet, the visit's net
// result, the transfer in), the tabs (游戏 / 规则 / 公平验证) and the verify list; a game view owns its round.
import type { ComponentType } from 'react';
import type { GameDef, GameKind, InsufficientData, PlayedRound } from '../protocol/games.ts';
import type { GamesClient } from './api.ts';

/** What the shell offers a game view. */
export interface ShellPort {
  /** Re-read the venue wallet and the visit's net result (after every bet and every settlement seen). */
  refresh(): void;
  /** A stake the venue wallet could not afford (41002): the shell opens its transfer-in dialog. */
  needFunds(data: InsufficientData): void;
  /** The server's clock now (ms), for countdowns of shared rounds (the page's clock corrected by the session's). */
  serverNow(): number;
}

export interface GameViewProps {
  game: GameDef;
  client: GamesClient;
  shell: ShellPort;
}

/** A round checked again in the browser from its revealed seed (games-core). */
export interface Verification {
  /** The recomputed outcome equals the stored one. */
  ok: boolean;
  /** The recomputed outcome in words (cards, reels, dice, hit or miss), as the verify view lists it. */
  lines: string[];
}

export interface GameModule {
  View: ComponentType<GameViewProps>;
  Rules: ComponentType<{ game: GameDef }>;
  /**
   * Recomputes a round whose seed is revealed (round.fair.serverSeed non-null) with the same games-core code the
   * server used, and compares it with round.outcome.
   */
  verify(round: PlayedRound): Verification;
}

export type CategoryModules = Partial<Record<GameKind, GameModule>>;
