// What the fishing page draws (display only; docs/games-by.md "The page"): fish swimming across the sea, made on
// the page from the game's fish and the time, so every fish type crosses the screen again and again (the big
// ones slower and less often). Nothing here decides anything: a shot is decided by the server.
import type { FishGame } from '../../games-core/by/fish.ts';

export interface Sprite {
  /** Stable while the fish crosses the screen. */
  key: string;
  fish: string;
  multiplier: number;
  /** Centre, in the sea's pixels. */
  x: number;
  y: number;
  /** Half the body's length. */
  size: number;
  /** 1 swims right, −1 left. */
  dir: 1 | -1;
  hue: number;
}

/** docs/games-by.md: with reduced motion the fish swim at a fifth of their speed. */
export const REDUCED_MOTION_SPEED = 0.2;
/** The smallest fish's speed (sea widths per second at full motion). */
const BASE_SPEED = 0.12;

/** The fish on screen at time t (seconds since the page opened) in a sea of width × height pixels. */
export function schoolAt(game: FishGame, t: number, width: number, height: number): Sprite[] {
  const out: Sprite[] = [];
  const n = game.fish.length;
  game.fish.forEach((fish, i) => {
    const lanes = i < 3 ? 3 : i < 6 ? 2 : 1;
    const size = Math.max(14, Math.min(width, height) * (0.035 + (0.09 * i) / Math.max(1, n - 1)));
    const speed = (width * BASE_SPEED) / (1 + i * 0.25);
    // The gap behind a fish before it comes round again: longer for the bigger ones.
    const cycle = width + 4 * size + width * (0.1 + 0.25 * i);
    for (let lane = 0; lane < lanes; lane++) {
      const dir: 1 | -1 = (i + lane) % 2 === 0 ? 1 : -1;
      const offset = ((i * 7 + lane * 13) % 17) / 17;
      const travelled = (t * speed + offset * cycle) % cycle;
      const along = travelled - 2 * size;
      const x = dir === 1 ? along : width - along;
      if (x < -size || x > width + size) continue;
      const band = ((i * 5 + lane * 3) % n) / n;
      const y = height * (0.12 + 0.7 * band) + Math.sin(t * 0.8 + i + lane) * height * 0.03;
      const lap = Math.floor((t * speed + offset * cycle) / cycle);
      out.push({
        key: `${fish.id}:${lane}:${lap}`,
        fish: fish.id,
        multiplier: fish.multiplier,
        x,
        y,
        size,
        dir,
        hue: (i * 47 + 20) % 360,
      });
    }
  });
  return out;
}

/** The fish under a point (the nearest body within its size), or null. */
export function fishAt(sprites: readonly Sprite[], x: number, y: number): Sprite | null {
  let best: Sprite | null = null;
  let bestD = Infinity;
  for (const s of sprites) {
    const d = Math.hypot((x - s.x) / 1.4, y - s.y);
    if (d <= s.size * 1.1 && d < bestD) {
      best = s;
      bestD = d;
    }
  }
  return best;
}

/** The fish types on screen with how many of each, in the game's order (the accessible list). */
export function typesOnScreen(game: FishGame, sprites: readonly Sprite[]) {
  return game.fish
    .map((f) => ({
      fish: f.id,
      multiplier: f.multiplier,
      count: sprites.filter((s) => s.fish === f.id).length,
    }))
    .filter((f) => f.count > 0);
}
