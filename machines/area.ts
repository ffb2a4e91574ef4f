// What every area actor may receive from the shell (issue 8 §1): cross-area facts travel as these events,
// broadcast by the app actor to the areas it has spawned, never as imports between features.
import type { Notice } from '../src/protocol/site.ts';
import type { BalanceChange } from '../src/protocol/stream.ts';

export type AreaEvent =
  /** The player moved (the path and query the router shows). */
  | { type: 'route.changed'; path: string; search: string }
  /** The session became a member's, or ended. */
  | { type: 'session.loggedIn' }
  | { type: 'session.loggedOut' }
  /** A notice was pushed over the socket. */
  | { type: 'socket.notice'; notice: Notice }
  /** The member's balance changed (pushed over the socket). */
  | { type: 'balance.changed'; balance: BalanceChange };

/** The input every area actor starts with (an area's own input extends it). */
export interface AreaInput {
  path: string;
}
