// The games' coded refusals: an ApiError with the native API's code and the player's words.
import { GAMES_CODE } from '../../../src/protocol/games.ts';
import { ApiError } from '../../http/envelope.ts';
import { GAMES_MESSAGE } from './messages.ts';

export type GamesRefusal = Exclude<keyof typeof GAMES_CODE, never>;

export function gamesError(refusal: GamesRefusal, data: unknown = null, message?: string): ApiError {
  return new ApiError(GAMES_CODE[refusal], message ?? GAMES_MESSAGE[refusal], 200, data);
}
