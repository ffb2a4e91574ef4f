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

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const encoder = new TextEncoder();
export const utf8 = (s: string): Uint8Array => encoder.encode(s);

/** SHA-256 of bytes (FIPS 180-4). */
export function sha256(data: Uint8Array): Uint8Array {
  const bitLen = data.length * 8;
  const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLen / 2 ** 32));
  view.setUint32(padded.length - 4, bitLen >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let a = h[0]!,
      b = h[1]!,
      c = h[2]!,
      d = h[3]!,
      e = h[4]!,
      f = h[5]!,
      g = h[6]!,
      hh = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i]! + w[i]!) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i]!);
  return out;
}

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
