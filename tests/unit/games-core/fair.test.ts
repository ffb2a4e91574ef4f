// Provably fair randomness (issue 12 §2; src/games-core/fair.ts): the pure SHA-256 / HMAC the page and the server
// share agree with Node's crypto (FIPS 180-4 / RFC 2104 vectors and random inputs), and the stream is the
// documented one: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${block}`), 4 bytes per float, big-endian.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairStream, hmacSha256, seedHashOf, sha256, toHex, utf8 } from '../../../src/games-core/fair.ts';

describe('SHA-256 and HMAC-SHA256', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('matches the RFC 4231 HMAC example 2', () => {
    expect(toHex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('agrees with node:crypto on any input, across block boundaries and long keys', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 150 }), (msg, key) => {
        expect(toHex(sha256(msg))).toBe(createHash('sha256').update(msg).digest('hex'));
        expect(toHex(hmacSha256(key, msg))).toBe(createHmac('sha256', key).update(msg).digest('hex'));
      }),
      { numRuns: 300 },
    );
  });

  it('the commitment is the hex SHA-256 of the seed text', () => {
    const seed = randomBytes(32).toString('hex');
    expect(seedHashOf(seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
  });
});

describe('the round stream', () => {
  const input = { serverSeed: 'f'.repeat(64), clientSeed: 'player-1', nonce: 7 };

  it('is HMAC-SHA256(serverSeed, "clientSeed:nonce:block"), four big-endian bytes per float over 2^32', () => {
    const s = fairStream(input);
    const block0 = createHmac('sha256', input.serverSeed).update('player-1:7:0').digest();
    const block1 = createHmac('sha256', input.serverSeed).update('player-1:7:1').digest();
    for (let i = 0; i < 8; i++) expect(s.next()).toBe(block0.readUInt32BE(i * 4) / 2 ** 32);
    expect(s.next()).toBe(block1.readUInt32BE(0) / 2 ** 32);
    expect(s.drawn).toBe(9);
  });

  it('is the same for the same seeds and nonce, and differs with any of them', () => {
    const a = fairStream(input);
    const b = fairStream(input);
    const first = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(first);
    for (const other of [
      { ...input, nonce: 8 },
      { ...input, clientSeed: 'player-2' },
      { ...input, serverSeed: 'e'.repeat(64) },
    ])
      expect(fairStream(other).next()).not.toBe(first[0]);
  });

  it('int(n) is in [0, n) and shuffle is a permutation (Fisher–Yates from the end)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.nat(), (n, nonce) => {
        const s = fairStream({ ...input, nonce });
        const v = s.int(n);
        expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true);
      }),
    );
    const deck = fairStream(input).shuffle(52);
    expect([...deck].sort((x, y) => x - y)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    // The documented algorithm, written out: swap place i with int(i + 1) from 51 down to 1.
    const s = fairStream(input);
    const expected = Array.from({ length: 52 }, (_, i) => i);
    for (let i = 51; i > 0; i--) {
      const j = Math.floor(s.next() * (i + 1));
      [expected[i], expected[j]] = [expected[j]!, expected[i]!];
    }
    expect(deck).toEqual(expected);
  });

  it('floats are uniform enough: 100 000 draws into 10 bins within 3 % of even', () => {
    const s = fairStream(input);
    const bins = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) bins[Math.floor(s.next() * 10)] += 1;
    for (const b of bins) expect(Math.abs(b - 10_000)).toBeLessThan(300);
  });
});
