// The games' native API as their page calls it (src/protocol/games.ts; docs/api.md "Sandbox games"): the common
// calls here; each category calls its own through `call` (src/games-h5/<category>/).
import { nativeCall, type NativeCall } from '../lib/native-client.ts';
import {
  GAMES_API,
  type GamesSession,
  type RoundsResponse,
  type SeedCommit,
  type SeedRotation,
  type TransferInResult,
} from '../protocol/games.ts';

export { BusinessError, TransportError } from '../lib/native-client.ts';

export interface GamesClient {
  /** Any call of the native API (paths relative to GAMES_API). */
  call: NativeCall;
  session(): Promise<GamesSession>;
  transferIn(requestId: string, amount: number): Promise<TransferInResult>;
  seed(): Promise<SeedCommit>;
  rotateSeed(clientSeed?: string): Promise<SeedRotation>;
  rounds(game?: string): Promise<RoundsResponse>;
}

export function gamesClient(token: string): GamesClient {
  const call = nativeCall(GAMES_API, token);
  return {
    call,
    session: () => call<GamesSession>('GET', '/session'),
    transferIn: (requestId, amount) => call<TransferInResult>('POST', '/transfer-in', { requestId, amount }),
    seed: () => call<SeedCommit>('GET', '/seed'),
    rotateSeed: (clientSeed) => call<SeedRotation>('POST', '/seed/rotate', clientSeed ? { clientSeed } : {}),
    rounds: (game) =>
      call<RoundsResponse>('GET', game ? `/rounds?game=${encodeURIComponent(game)}` : '/rounds'),
  };
}

/** A request id of the wire's pattern (src/protocol/wallet.ts REQUEST_ID_PATTERN: 8–48 of [A-Za-z0-9_-]). */
export const newRequestId = (): string => crypto.randomUUID();
