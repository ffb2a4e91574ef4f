// The sandbox venue pages' small client (src/venue-h5 for the sportsbook, src/games-h5 for the games): the
// venue credential of the launch as `Authorization: Bearer <token>`, the envelope { status_code, message, data }
// with 6000 for success. A coded answer is raised as a business error (code, message, data); no answer as a
// transport error. Not the site's client (no signing, no site headers, no site catalogue).
import { CODE } from '../protocol/api.ts';

/** spec §7: the browser's request timeout, 20 s. */
export const REQUEST_TIMEOUT_MS = 20_000;

export class BusinessError extends Error {
  readonly type = 'business';
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export class TransportError extends Error {
  readonly type = 'transport';
  constructor(readonly kind: 'timeout' | 'network' | 'status' | 'parse') {
    super(kind);
  }
}

interface Envelope<T> {
  status_code: number;
  message: string;
  data: T;
}

export type NativeCall = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => Promise<T>;

/** A caller of one native API (base, e.g. SPORTSBOOK_API) with one credential. */
export function nativeCall(base: string, token: string): NativeCall {
  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: abort.signal,
        cache: 'no-store',
      });
    } catch {
      throw new TransportError(abort.signal.aborted ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      throw new TransportError(res.ok ? 'parse' : 'status');
    }
    if (typeof env?.status_code !== 'number') throw new TransportError('parse');
    if (env.status_code !== CODE.success) throw new BusinessError(env.status_code, env.message, env.data);
    return env.data;
  }
  return call;
}
