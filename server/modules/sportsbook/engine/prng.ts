// The sportsbook's seeded randomness (issue 11 §4; docs/sportsbook.md "Reproducible"): every random figure of the
// engine (teams, strengths, goals and their minutes, sets, suspensions) is drawn from a generator seeded by the
// configured seed and the names of what it draws for, so the same seed and day give the same fixtures, scores
// and prices on every node and after every restart. Never Math.random.

/** A 32-bit hash of a string (cyrb53's mixing, folded to 32 bits): stable across platforms. */
export function hash32(text: string, salt = 0): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** A uniform generator on [0, 1). */
export type Rng = () => number;

/** mulberry32 seeded from the parts: the same parts always give the same sequence. */
export function rngFor(...parts: ReadonlyArray<string | number>): Rng {
  let state = hash32(parts.join('\u0001'));
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [lo, hi]. */
export const intBetween = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

/** One item of a non-empty list. */
export function pick<T>(rng: Rng, items: ReadonlyArray<T>): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** Two different items of a list of at least two. */
export function pickTwo<T>(rng: Rng, items: ReadonlyArray<T>): [T, T] {
  const i = Math.floor(rng() * items.length);
  let j = Math.floor(rng() * (items.length - 1));
  if (j >= i) j++;
  return [items[i]!, items[j]!];
}

/**
 * The arrival times of a Poisson process of `rate` events per minute over [0, minutes): exponential gaps. The
 * count is Poisson(rate × minutes) and the times uniform, as the pricing model assumes.
 */
export function poissonArrivals(rng: Rng, rate: number, minutes: number): number[] {
  const out: number[] = [];
  if (rate <= 0) return out;
  let t = 0;
  for (;;) {
    // 1 - rng() is in (0, 1]: the logarithm is finite.
    t += -Math.log(1 - rng()) / rate;
    if (t >= minutes) return out;
    out.push(t);
  }
}
