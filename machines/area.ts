// What every area actor may receive from the shell (issue 8 §1): cross-area facts travel as these events,
// broadcast by the app actor to the areas it has spawned, never as imports between features.
import type { Notice } from '../src/protocol/site.ts';

export type AreaEvent =
  /** The player moved (the path and query the router shows). */
  | { type: 'route.changed'; path: string; search: string }
  /** The session became a member's, or ended. */
  | { type: 'session.loggedIn' }
  | { type: 'session.loggedOut' }
  /** A notice was pushed over the socket. */
  | { type: 'socket.notice'; notice: Notice };
// The wallet issue adds `balance.changed` (the socket's 20002) when an area first needs it.

/** The input every area actor starts with (an area's own input extends it). */
export interface AreaInput {
  path: string;
}
