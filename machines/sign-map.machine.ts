import { assign, emit, fromPromise, setup } from 'xstate';
import type { SignGroup } from '../src/protocol/api.ts';

// The X-API-XXX signature map (spec §7): the map compiled into the build, and the server's copy (vvPretty,
// "a stored encrypted map as fallback") fetched when the compiled one lacks a group or after the server
// answered 10108 (spec §8: api auth, the secret was rotated). Pure: the fetch is the `fetchSignMap` actor,
// provided in src/api/signing.ts. Whoever asked for the map listens for `sign.fetched` / `sign.fetchFailed`.

export type SignMap = Partial<Record<SignGroup, string>>;

export interface SignMapInput {
  /** The map compiled in at build time (may be empty). */
  compiled: SignMap;
}

export interface SignMapContext {
  compiled: SignMap;
  /** The server's map, once fetched: newer than the compiled one (it is what the server gave after a rotation). */
  fetched: SignMap | null;
}

export type SignMapEvent =
  /** The map is needed from the server: a group the compiled map lacks, or a 10108 (refresh). */
  { type: 'sign.fetch' };

export type SignMapEmitted =
  { type: 'sign.fetched'; map: SignMap } | { type: 'sign.fetchFailed'; error: unknown };

/** What a request to `group` is signed with in `context`. */
export type SignLookup =
  | { kind: 'known'; signature: string | undefined }
  /** Nothing compiled for the group and nothing fetched yet: fetch the server's map first. */
  | { kind: 'fetch' };

/**
 * The fetched map wins over the compiled one; a group neither has is signed with the compiled signature if
 * any. Once the server's map is in, a group it lacks (and the build lacks) is sent unsigned, not fetched again.
 */
export function lookupSignature(context: SignMapContext, group: SignGroup): SignLookup {
  const known = context.fetched?.[group] ?? context.compiled[group];
  if (known !== undefined || context.fetched !== null) return { kind: 'known', signature: known };
  return { kind: 'fetch' };
}

export const signMapMachine = setup({
  types: {} as {
    context: SignMapContext;
    events: SignMapEvent;
    input: SignMapInput;
    emitted: SignMapEmitted;
  },
  actors: {
    fetchSignMap: fromPromise<SignMap>(async () => {
      throw new Error('provided in src/api/signing.ts');
    }),
  },
}).createMachine({
  id: 'signMap',
  context: ({ input }) => ({ compiled: input.compiled, fetched: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'sign.fetch': 'fetching' },
    },
    // Concurrent callers (a page firing several calls at once, or several 10108s) share the one fetch: a
    // `sign.fetch` here changes nothing, the caller waits for the result like the first one.
    fetching: {
      invoke: {
        id: 'fetchSignMap',
        src: 'fetchSignMap',
        onDone: {
          target: 'idle',
          actions: [
            assign({ fetched: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'sign.fetched' as const, map: event.output })),
          ],
        },
        // The map stays as it was; the next request that needs it asks again.
        onError: {
          target: 'idle',
          actions: emit(({ event }) => ({ type: 'sign.fetchFailed' as const, error: event.error })),
        },
      },
    },
  },
});
