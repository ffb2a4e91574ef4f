// X-API-XXX, the per-group request signature (spec §7).
// The map is compiled in at build time; the encrypted copy the server hands out (vvPretty, decrypted with the
// key and iv from Hf6dtBdmHx) is the fallback, and replaces the compiled one once the server has rotated it.
// Which map signs a request, and when the server's map is fetched, is the signMap machine's (machines/).
import { createActor, fromPromise } from 'xstate';
import { lookupSignature, signMapMachine, type SignMap } from '../../machines/sign-map.machine.ts';
import { SIGN_GROUPS, UNSIGNED_PATHS, signGroupOf, type SignGroup } from '../protocol/api.ts';

export type { SignMap };

/** spec §7: answers { k, v }, the base64 key and iv of the map cipher. */
export const SIGN_KEY_PATH = '/site/api/v1/sec/Hf6dtBdmHx';
/** spec §7: answers the map as base64 AES-CBC/PKCS7 ciphertext. */
export const SIGN_MAP_PATH = '/site/api/v1/configuration/vvPretty';

export interface SignKeyPayload {
  k: string;
  v: string;
}

/** Fetches a main-API path and resolves with the envelope's data. */
export type DataGetter = <T>(path: string) => Promise<T>;

export interface Signer {
  /** The signature for a path, or undefined for unsigned bootstrap paths and paths outside every group. */
  signatureFor(path: string): Promise<string | undefined>;
  /** Fetches the server's current map (after 10108, the secret was rotated); rejects when it cannot. */
  refresh(): Promise<void>;
}

/** The group a request to `path` is signed as, or null when it goes unsigned. */
export function signedGroupOf(path: string): SignGroup | null {
  const clean = path.split('?')[0] ?? '';
  // The bootstrap calls fetch the map itself, so they cannot carry a signature from it.
  if (UNSIGNED_PATHS.has(clean)) return null;
  return signGroupOf(clean);
}

/**
 * The JSON map inside the vvPretty ciphertext; rejects when it does not decrypt to one. crypto-js is loaded
 * on demand: only a client whose compiled map is missing or stale needs it, so it stays off the first load.
 */
export async function decryptSignMap(cipherB64: string, kB64: string, vB64: string): Promise<SignMap> {
  const { decryptCbcBase64 } = await import('../lib/aes.ts');
  const parsed: unknown = JSON.parse(decryptCbcBase64(cipherB64, kB64, vB64));
  const map = pickGroups(parsed);
  if (Object.keys(map).length === 0) throw new Error('the signature map names no signature group');
  return map;
}

/** The map Vite/Vitest compiled in (`define`); empty when the build had none. */
export function compiledSignMap(): SignMap {
  return typeof __API_SIGN_MAP__ === 'undefined' ? {} : pickGroups(__API_SIGN_MAP__);
}

export async function fetchRemoteSignMap(getData: DataGetter): Promise<SignMap> {
  const [keys, cipher] = await Promise.all([
    getData<SignKeyPayload>(SIGN_KEY_PATH),
    getData<string>(SIGN_MAP_PATH),
  ]);
  return decryptSignMap(cipher, keys.k, keys.v);
}

export function createSigner(options: { compiled: SignMap; fetchRemote: () => Promise<SignMap> }): Signer {
  const { compiled, fetchRemote } = options;
  const signMap = createActor(
    signMapMachine.provide({ actors: { fetchSignMap: fromPromise<SignMap>(() => fetchRemote()) } }),
    { input: { compiled } },
  ).start();

  // Resolves with the map the machine's fetch brought (the one in flight, or a new one), rejects with its error.
  function load(): Promise<SignMap> {
    return new Promise<SignMap>((resolve, reject) => {
      const fetched = signMap.on('sign.fetched', (event) => {
        stop();
        resolve(event.map);
      });
      const failed = signMap.on('sign.fetchFailed', (event) => {
        stop();
        reject(event.error as Error);
      });
      function stop() {
        fetched.unsubscribe();
        failed.unsubscribe();
      }
      signMap.send({ type: 'sign.fetch' });
    });
  }

  return {
    async signatureFor(path) {
      const group = signedGroupOf(path);
      if (group === null) return undefined;
      const found = lookupSignature(signMap.getSnapshot().context, group);
      if (found.kind === 'known') return found.signature;
      try {
        return (await load())[group];
      } catch {
        // Send the request unsigned; the server's answer (10108) is then the error the caller sees.
        return undefined;
      }
    },
    async refresh() {
      await load();
    },
  };
}

function pickGroups(value: unknown): SignMap {
  const map: SignMap = {};
  if (typeof value !== 'object' || value === null) return map;
  for (const group of SIGN_GROUPS) {
    const signature: unknown = (value as Record<string, unknown>)[group];
    if (typeof signature === 'string' && signature !== '') map[group] = signature;
  }
  return map;
}
