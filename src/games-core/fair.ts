// Provably fair randomness (issue 12 §2; docs/games.md "Fairness"). Every random outcome of the sandbox games is
// made on the server from a seed whose SHA-256 hash the player sees before the round, and revealed after; the
// venue page recomputes the round from the revealed seed with THIS code (the same module runs on the server and
// in the browser), so a player can check any round. Pure and synchronous: no node:crypto, no WebCrypto.
//
// The stream of a round: HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${block}`) for block
// 0, 1, 2…, each giving eight 4-byte numbers; a number u (big-endian uint32) becomes the float u / 2^32 in [0, 1).
// Per-player games (slots, fishing, chess and card) use the player's seed pair: one server seed, the player's
// client seed and a nonce that counts the rounds. Shared rounds (a live table's deal, a lottery draw) have a
// server seed of their own, the round's id as the client seed and nonce 0.

import { sha256 } from '../protocol/payout-rules.ts';

const encoder = new TextEncoder();
export const utf8 = (s: string): Uint8Array => encoder.encode(s);

/** SHA-256 (FIPS 180-4): the project's pure one (the USDT address checks' too). */
export { sha256 };

/** HMAC-SHA256 (RFC 2104). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i]! ^ 0x36;
    outer[i] = block[i]! ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The commitment shown before play: the hex SHA-256 of the server seed's text. */
export const seedHashOf = (serverSeed: string): string => toHex(sha256(utf8(serverSeed)));

/** What one round's randomness is made from. */
export interface FairInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** A server seed: 64 hex characters. A client seed: 1–64 of letters, digits, `-`, `_`, `.`, `:`. */
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
export const SEED_HASH_PATTERN = /^[0-9a-f]{64}$/;
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * The round's random numbers, in order: an endless supply of floats in [0, 1). Each draw takes the next four
 * bytes of the HMAC stream (a new block every eight draws).
 */
export class FairStream {
  private block = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  private at = 32;
  private readonly key: Uint8Array;
  /** How many floats were drawn (the verify view shows it). */
  drawn = 0;
  constructor(private readonly input: FairInput) {
    this.key = utf8(input.serverSeed);
  }

  /** The next float in [0, 1). */
  next(): number {
    if (this.at >= 32) {
      this.bytes = hmacSha256(this.key, utf8(`${this.input.clientSeed}:${this.input.nonce}:${this.block}`));
      this.block += 1;
      this.at = 0;
    }
    const b = this.bytes;
    const i = this.at;
    this.at += 4;
    this.drawn += 1;
    const u = ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
    return u / 2 ** 32;
  }

  /** A whole number in [0, n), n ≥ 1 (floor of float × n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /**
   * A shuffle of 0 … size−1 (Fisher–Yates from the last place down, each swap partner drawn with int(i + 1)). A
   * card game deals from the front.
   */
  shuffle(size: number): number[] {
    const out = Array.from({ length: size }, (_, i) => i);
    for (let i = size - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

export const fairStream = (input: FairInput): FairStream => new FairStream(input);
