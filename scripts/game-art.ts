// The home page's game art (issue 19 §2 "art the site ships for every sandbox game, generated or drawn for this
// site, never hot-linked"; docs/home.md). Every picture is drawn here as SVG in code — each game its own scene
// and colours, with its Chinese name — and converted to WebP by the system Chromium (a page draws the SVG on a
// canvas; canvas.toDataURL('image/webp')). Nothing is downloaded. Also the installable site's icons (PNG).
//
//   npx tsx scripts/game-art.ts            writes public/media/games/<code>.webp (and <code>-square.webp for the
//                                          lobby's grid) and public/media/app/icon-*.png
//   npx tsx scripts/game-art.ts --svg      also keeps the SVG sources beside them (to look at; not committed)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import {
  GAME_ART_HEIGHT as H,
  GAME_ART_WIDTH as W,
  SHOWCASE_GAMES,
  type ShowcaseGame,
} from '../src/protocol/showcase.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/browser.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GAMES_DIR = path.join(ROOT, 'public/media/games');
const APP_DIR = path.join(ROOT, 'public/media/app');
/** WebP quality: small files, no visible artefacts on flat colours and gradients. */
const QUALITY = 0.82;
/** The installable site's icon sizes (public/manifest.webmanifest). */
export const APP_ICON_SIZES = [192, 512] as const;
const FONT = "'Noto Sans CJK SC','Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif";

/** The category's word on a picture's corner. */
const CATEGORY: Record<ShowcaseGame['platform'], string> = {
  DZ: '电子',
  QP: '棋牌',
  BY: '捕鱼',
  ZR: '真人',
  CP: '彩票',
  TY: '体育',
  DJ: '电竞',
};

// ───────────── drawing helpers (SVG fragments) ─────────────

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function gradient(id: string, stops: string[], x2 = 1, y2 = 1): string {
  const s = stops.map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`).join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}
function radial(id: string, inner: string, outer: string): string {
  return `<radialGradient id="${id}" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`;
}

/** Soft light rays from a point (a stage light behind the motif). */
function rays(cx: number, cy: number, color: string, n = 12): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const b = a + Math.PI / n / 1.6;
    const r = 260;
    out += `<path d="M${cx} ${cy}L${cx + r * Math.cos(a)} ${cy + r * Math.sin(a)}L${cx + r * Math.cos(b)} ${cy + r * Math.sin(b)}Z" fill="${color}"/>`;
  }
  return out;
}

/** Sparkles (four-pointed stars). */
function sparkles(points: Array<[number, number, number]>, color = '#fff8d0'): string {
  return points
    .map(
      ([x, y, s]) =>
        `<path d="M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z" fill="${color}"/>`,
    )
    .join('');
}

function coin(x: number, y: number, r: number): string {
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="#f7c948" stroke="#b7791f" stroke-width="${r / 6}"/>
    <rect x="${x - r / 3.2}" y="${y - r / 3.2}" width="${r / 1.6}" height="${r / 1.6}" fill="none" stroke="#b7791f" stroke-width="${r / 8}"/></g>`;
}

/** A gold ingot (元宝). */
function ingot(x: number, y: number, s: number): string {
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-60 0C-70 -8 -64 -26 -46 -22C-36 -44 36 -44 46 -22C64 -26 70 -8 60 0C50 26 -50 26 -60 0Z" fill="url(#gold)" stroke="#8a5a00" stroke-width="3"/>
    <ellipse cx="0" cy="-20" rx="26" ry="14" fill="#ffe08a" stroke="#8a5a00" stroke-width="3"/>
    <path d="M-44 -4C-20 8 20 8 44 -4" fill="none" stroke="#fff3c4" stroke-width="4" stroke-linecap="round"/></g>`;
}

const SUIT_PATH: Record<string, string> = {
  '♠': 'M0 -14C8 -4 16 2 10 10C6 14 2 12 0 8C-2 12 -6 14 -10 10C-16 2 -8 -4 0 -14ZM-3 8L-5 16L5 16L3 8Z',
  '♥': 'M0 14C-10 4 -16 -2 -12 -9C-9 -14 -3 -13 0 -8C3 -13 9 -14 12 -9C16 -2 10 4 0 14Z',
  '♦': 'M0 -14L11 0L0 14L-11 0Z',
  '♣': 'M0 -14A6 6 0 1 1 0 -2A6 6 0 1 1 6 8A6 6 0 0 1 0 5A6 6 0 0 1 -6 8A6 6 0 1 1 0 -2A6 6 0 1 1 0 -14ZM-3 6L-5 16L5 16L3 6Z',
};

/** A playing card, rotated about its centre. */
function card(x: number, y: number, rank: string, suit: string, rot = 0, s = 1): string {
  const red = suit === '♥' || suit === '♦';
  const c = red ? '#d4302a' : '#1a1a2e';
  return `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})">
    <rect x="-34" y="-48" width="68" height="96" rx="8" fill="#fffdf7" stroke="#d9d2c0" stroke-width="2"/>
    <text x="-26" y="-24" font-family="Georgia,serif" font-weight="700" font-size="22" fill="${c}">${rank}</text>
    <path d="${SUIT_PATH[suit]}" fill="${c}" transform="translate(4 10) scale(1.6)"/></g>`;
}

/** A die showing n. */
function die(
  x: number,
  y: number,
  size: number,
  n: number,
  rot = 0,
  color = '#fffdf7',
  pip = '#d4302a',
): string {
  const p = size / 4;
  const spots: Record<number, Array<[number, number]>> = {
    1: [[0, 0]],
    2: [
      [-p, -p],
      [p, p],
    ],
    3: [
      [-p, -p],
      [0, 0],
      [p, p],
    ],
    4: [
      [-p, -p],
      [p, -p],
      [-p, p],
      [p, p],
    ],
    5: [
      [-p, -p],
      [p, -p],
      [0, 0],
      [-p, p],
      [p, p],
    ],
    6: [
      [-p, -p],
      [p, -p],
      [-p, 0],
      [p, 0],
      [-p, p],
      [p, p],
    ],
  };
  const dots = spots[n]!.map(
    ([dx, dy]) =>
      `<circle cx="${dx}" cy="${dy}" r="${size / (n === 1 ? 7 : 10)}" fill="${n === 1 || n === 4 ? '#d4302a' : pip}"/>`,
  ).join('');
  return `<g transform="translate(${x} ${y}) rotate(${rot})">
    <rect x="${-size / 2 + 3}" y="${-size / 2 + 5}" width="${size}" height="${size}" rx="${size / 6}" fill="#00000040"/>
    <rect x="${-size / 2}" y="${-size / 2}" width="${size}" height="${size}" rx="${size / 6}" fill="${color}" stroke="#c9c2b0" stroke-width="2"/>${dots}</g>`;
}

/** A fish facing left. */
function fish(x: number, y: number, s: number, body: string, fin: string, flip = false): string {
  return `<g transform="translate(${x} ${y}) scale(${flip ? -s : s} ${s})">
    <path d="M40 0L64 -20L58 0L64 20Z" fill="${fin}"/>
    <path d="M-46 0C-30 -30 20 -34 44 0C20 34 -30 30 -46 0Z" fill="${body}" stroke="#00000030" stroke-width="2"/>
    <path d="M-6 -24C4 -40 18 -36 24 -20Z" fill="${fin}"/>
    <path d="M-10 -18C-2 -6 -2 6 -10 18" fill="none" stroke="#ffffff60" stroke-width="3"/>
    <circle cx="-30" cy="-5" r="6" fill="#fff"/><circle cx="-31" cy="-5" r="3" fill="#111"/></g>`;
}

function bubbles(list: Array<[number, number, number]>): string {
  return list
    .map(
      ([x, y, r]) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff20" stroke="#ffffffa0" stroke-width="1.5"/><circle cx="${x - r / 3}" cy="${y - r / 3}" r="${r / 4}" fill="#ffffffc0"/>`,
    )
    .join('');
}

function ball(x: number, y: number, r: number, color: string, n: string): string {
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>
    <circle cx="${x - r / 3}" cy="${y - r / 3}" r="${r / 2.6}" fill="#ffffff50"/>
    <circle cx="${x}" cy="${y}" r="${r * 0.56}" fill="#fff"/>
    <text x="${x}" y="${y + r * 0.24}" text-anchor="middle" font-family="Georgia,serif" font-weight="700" font-size="${r * 0.7}" fill="#222">${n}</text></g>`;
}

/** A character seal: a round badge with one big character. */
function seal(
  x: number,
  y: number,
  r: number,
  ch: string,
  fill: string,
  ring: string,
  color = '#fff',
): string {
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${ring}" stroke-width="${r / 8}"/>
    <text x="${x}" y="${y + r * 0.36}" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="${r * 1.05}" fill="${color}">${ch}</text></g>`;
}

// ───────────── the scenes ─────────────

interface Scene {
  /** Background gradient stops. */
  bg: string[];
  /** Extra <defs>. */
  defs?: string;
  /** The motif, drawn over the background, above the name band. */
  art: string;
  /** The name's colour accent (the band's top line). */
  accent: string;
}

const GOLD = gradient('gold', ['#fff1a8', '#f5b82e', '#c27c0e'], 0, 1);

const SCENES: Record<string, Scene> = {
  'fortune-god': {
    bg: ['#8e0e00', '#d4302a', '#f0643a'],
    defs: GOLD,
    accent: '#f7c948',
    art:
      rays(160, 96, '#ffd76a22', 14) +
      seal(160, 84, 50, '财', '#c81d11', '#f7c948', '#ffe08a') +
      ingot(72, 140, 0.7) +
      ingot(248, 140, 0.7) +
      coin(40, 60, 14) +
      coin(282, 52, 12) +
      coin(112, 36, 9) +
      sparkles([
        [220, 30, 8],
        [96, 96, 6],
        [250, 100, 5],
      ]),
  },
  'golden-dragon': {
    bg: ['#1b0a0a', '#5c0f12', '#8e1b14'],
    defs: GOLD + radial('pearl', '#ffffff', '#ffb347'),
    accent: '#f5b82e',
    art:
      rays(236, 70, '#f5b82e18', 12) +
      `<path d="M20 150C60 90 100 170 140 110S220 60 250 110" fill="none" stroke="url(#gold)" stroke-width="26" stroke-linecap="round"/>
       <path d="M20 150C60 90 100 170 140 110S220 60 250 110" fill="none" stroke="#8a5a00" stroke-width="26" stroke-dasharray="4 14" stroke-linecap="round" opacity="0.55"/>
       <path d="M30 140C40 130 50 126 60 128M90 134C100 142 110 146 120 140M160 90C170 84 180 80 192 82" stroke="#fff1a8" stroke-width="3" fill="none"/>
       <g transform="translate(254 108)"><path d="M-14 -18L30 -8L40 6L18 10L24 24L-6 14L-18 2Z" fill="url(#gold)" stroke="#8a5a00" stroke-width="3"/>
       <path d="M8 -14L20 -40L26 -12M-4 -16L-2 -38L10 -16" fill="#f5b82e" stroke="#8a5a00" stroke-width="2"/>
       <circle cx="14" cy="-2" r="4" fill="#c81d11"/><path d="M30 6C48 10 56 22 60 34" stroke="#f5b82e" stroke-width="3" fill="none"/></g>
       <circle cx="208" cy="44" r="16" fill="url(#pearl)"/>` +
      sparkles([
        [60, 50, 7],
        [150, 40, 6],
        [300, 150, 6],
      ]),
  },
  'fruit-party': {
    bg: ['#5b247a', '#b8338a', '#f0628c'],
    accent: '#ffe066',
    art:
      `<circle cx="60" cy="50" r="24" fill="#ffffff12"/><circle cx="270" cy="40" r="30" fill="#ffffff12"/>
       <g transform="translate(92 112)"><path d="M-56 0A56 56 0 0 0 56 0Z" fill="#2f9e44"/><path d="M-48 0A48 48 0 0 0 48 0Z" fill="#f8f9fa"/>
       <path d="M-44 0A44 44 0 0 0 44 0Z" fill="#f03e3e"/>
       <g fill="#1a1a1a"><ellipse cx="-22" cy="14" rx="3" ry="5"/><ellipse cx="0" cy="24" rx="3" ry="5"/><ellipse cx="22" cy="14" rx="3" ry="5"/><ellipse cx="-10" cy="8" rx="3" ry="5"/><ellipse cx="12" cy="8" rx="3" ry="5"/></g></g>
       <g transform="translate(222 92)"><path d="M0 -40C6 -20 20 -8 26 6M0 -40C-4 -18 -18 -4 -26 8" stroke="#2b8a3e" stroke-width="5" fill="none"/>
       <path d="M0 -40C12 -52 30 -50 36 -40C22 -36 10 -36 0 -40Z" fill="#51cf66"/>
       <circle cx="-26" cy="22" r="22" fill="#e03131"/><circle cx="26" cy="20" r="22" fill="#c92a2a"/>
       <circle cx="-33" cy="14" r="6" fill="#ffffff70"/><circle cx="19" cy="12" r="6" fill="#ffffff70"/></g>
       <g transform="translate(160 60) rotate(-20)"><ellipse cx="0" cy="0" rx="30" ry="22" fill="#ffd43b" stroke="#f59f00" stroke-width="3"/><ellipse cx="-8" cy="-6" rx="8" ry="5" fill="#fff3bf"/></g>` +
      sparkles(
        [
          [40, 150, 7],
          [286, 140, 8],
          [150, 150, 5],
        ],
        '#fff',
      ),
  },
  'gem-rush': {
    bg: ['#0b1d51', '#1d3b8f', '#3a0ca3'],
    accent: '#4cc9f0',
    art:
      rays(160, 90, '#4cc9f018', 16) +
      `<g transform="translate(160 86)"><path d="M-46 -20L-24 -44L24 -44L46 -20L0 44Z" fill="#e63946"/>
        <path d="M-46 -20L46 -20L0 44Z" fill="#c1121f"/><path d="M-24 -44L-12 -20L12 -20L24 -44Z" fill="#ff8fa3"/>
        <path d="M-12 -20L0 44L12 -20Z" fill="#e85d75"/></g>
       <g transform="translate(70 118) scale(0.62)"><path d="M-46 -20L-24 -44L24 -44L46 -20L0 44Z" fill="#2dc653"/><path d="M-46 -20L46 -20L0 44Z" fill="#208b3a"/><path d="M-24 -44L-12 -20L12 -20L24 -44Z" fill="#b7efc5"/></g>
       <g transform="translate(252 118) scale(0.62)"><path d="M-46 -20L-24 -44L24 -44L46 -20L0 44Z" fill="#4cc9f0"/><path d="M-46 -20L46 -20L0 44Z" fill="#4361ee"/><path d="M-24 -44L-12 -20L12 -20L24 -44Z" fill="#caf0f8"/></g>
       <g transform="translate(90 44) scale(0.4) rotate(15)"><path d="M0 -40L34 0L0 40L-34 0Z" fill="#f9c74f"/><path d="M0 -40L0 40L34 0Z" fill="#f3722c"/></g>
       <g transform="translate(236 40) scale(0.4) rotate(-15)"><path d="M0 -40L34 0L0 40L-34 0Z" fill="#b5179e"/><path d="M0 -40L0 40L34 0Z" fill="#7209b7"/></g>` +
      sparkles(
        [
          [124, 50, 7],
          [204, 140, 6],
          [30, 60, 6],
          [296, 80, 7],
        ],
        '#fff',
      ),
  },
  'bull-bull': {
    bg: ['#0b3d2e', '#14664a', '#1f8a5f'],
    accent: '#ffd43b',
    art:
      `<ellipse cx="160" cy="96" rx="150" ry="70" fill="#ffffff0d"/>` +
      card(92, 104, 'K', '♠', -18, 0.9) +
      card(124, 96, 'Q', '♥', -6, 0.9) +
      `<g transform="translate(214 90)">
        <path d="M-44 -30C-70 -36 -78 -60 -70 -72C-60 -52 -46 -48 -30 -44Z" fill="#f1e3c8" stroke="#6b4a2b" stroke-width="3"/>
        <path d="M44 -30C70 -36 78 -60 70 -72C60 -52 46 -48 30 -44Z" fill="#f1e3c8" stroke="#6b4a2b" stroke-width="3"/>
        <path d="M-40 -40C-20 -54 20 -54 40 -40C48 -10 30 30 0 44C-30 30 -48 -10 -40 -40Z" fill="#8b4513" stroke="#4a2511" stroke-width="3"/>
        <ellipse cx="0" cy="26" rx="22" ry="16" fill="#d9a066"/>
        <circle cx="-8" cy="26" r="4" fill="#4a2511"/><circle cx="8" cy="26" r="4" fill="#4a2511"/>
        <circle cx="-18" cy="-14" r="6" fill="#fff"/><circle cx="18" cy="-14" r="6" fill="#fff"/>
        <circle cx="-18" cy="-13" r="3" fill="#111"/><circle cx="18" cy="-13" r="3" fill="#111"/>
        <circle cx="0" cy="40" r="7" fill="none" stroke="#f7c948" stroke-width="4"/></g>` +
      coin(276, 150, 12) +
      coin(50, 40, 10),
  },
  blackjack: {
    bg: ['#062b1f', '#0d4d36', '#14704d'],
    accent: '#f7c948',
    art:
      `<path d="M10 170A170 120 0 0 1 310 170" fill="none" stroke="#f7c94860" stroke-width="3"/>
       <text x="160" y="62" text-anchor="middle" font-family="Georgia,serif" font-weight="700" font-size="56" fill="#f7c948" stroke="#6b4a00" stroke-width="2">21</text>` +
      card(124, 118, 'A', '♠', -12) +
      card(184, 116, 'K', '♥', 10) +
      `<g transform="translate(266 126)"><circle r="24" fill="#d4302a" stroke="#fff" stroke-width="5" stroke-dasharray="8 6"/><circle r="14" fill="#fff"/><text y="5" text-anchor="middle" font-family="Georgia,serif" font-weight="700" font-size="13" fill="#d4302a">100</text></g>
       <g transform="translate(50 130)"><circle r="20" fill="#1c7ed6" stroke="#fff" stroke-width="4" stroke-dasharray="7 5"/><circle r="11" fill="#fff"/><text y="4" text-anchor="middle" font-family="Georgia,serif" font-weight="700" font-size="11" fill="#1c7ed6">50</text></g>`,
  },
  'fish-tycoon': {
    bg: ['#023e8a', '#0077b6', '#00b4d8'],
    defs: GOLD,
    accent: '#ffd43b',
    art:
      `<path d="M0 40Q40 30 80 40T160 40T240 40T320 40" stroke="#ffffff30" stroke-width="3" fill="none"/>` +
      fish(150, 100, 1.5, 'url(#gold)', '#e8590c') +
      `<g transform="translate(122 54)"><path d="M-18 8L-22 -14L-8 -2L0 -18L8 -2L22 -14L18 8Z" fill="#ffd43b" stroke="#b7791f" stroke-width="2"/></g>` +
      fish(270, 60, 0.55, '#ff8787', '#fa5252', true) +
      fish(44, 150, 0.5, '#69db7c', '#2f9e44', true) +
      bubbles([
        [250, 130, 8],
        [268, 110, 5],
        [40, 60, 7],
        [60, 84, 4],
      ]),
  },
  'deep-sea': {
    bg: ['#03045e', '#023e7d', '#0466c8'],
    accent: '#48cae4',
    art:
      rays(160, -40, '#90e0ef12', 10) +
      `<g transform="translate(160 100)">
        <path d="M-110 10C-70 -30 40 -40 100 0C110 4 118 -16 128 -28C126 -10 126 10 130 26C118 16 110 4 100 12C40 44 -60 40 -110 10Z" fill="#5c677d" stroke="#33415c" stroke-width="3"/>
        <path d="M-20 -26L-4 -62L14 -30Z" fill="#5c677d" stroke="#33415c" stroke-width="3"/>
        <path d="M-104 12C-60 30 20 34 90 10C40 30 -50 32 -104 12Z" fill="#e9ecef"/>
        <path d="M-96 14L-90 20L-84 14L-78 20L-72 14L-66 20L-60 14" fill="none" stroke="#fff" stroke-width="2"/>
        <circle cx="-76" cy="-4" r="4" fill="#111"/>
        <path d="M-40 -4L-38 8M-32 -4L-30 8M-24 -4L-22 8" stroke="#33415c" stroke-width="2"/></g>` +
      fish(60, 48, 0.35, '#ffd43b', '#fab005', true) +
      fish(268, 150, 0.4, '#ff922b', '#e8590c') +
      bubbles([
        [36, 110, 6],
        [48, 92, 4],
        [290, 60, 7],
        [280, 40, 4],
      ]),
  },
  'golden-toad': {
    bg: ['#004b49', '#00796b', '#26a69a'],
    defs: GOLD,
    accent: '#ffd43b',
    art:
      rays(160, 90, '#ffe08a18', 12) +
      `<g transform="translate(160 104)">
        <ellipse cx="0" cy="10" rx="74" ry="44" fill="url(#gold)" stroke="#8a5a00" stroke-width="3"/>
        <circle cx="-36" cy="-30" r="18" fill="url(#gold)" stroke="#8a5a00" stroke-width="3"/>
        <circle cx="36" cy="-30" r="18" fill="url(#gold)" stroke="#8a5a00" stroke-width="3"/>
        <circle cx="-36" cy="-32" r="8" fill="#fff"/><circle cx="36" cy="-32" r="8" fill="#fff"/>
        <circle cx="-35" cy="-31" r="4" fill="#111"/><circle cx="35" cy="-31" r="4" fill="#111"/>
        <path d="M-40 0Q0 24 40 0" fill="#c81d11" stroke="#8a5a00" stroke-width="3"/>
        <circle cx="-20" cy="30" r="5" fill="#c27c0e"/><circle cx="16" cy="34" r="4" fill="#c27c0e"/><circle cx="40" cy="22" r="5" fill="#c27c0e"/>
        <path d="M-70 40C-90 44 -96 52 -90 56L-62 50Z M70 40C90 44 96 52 90 56L62 50Z M-10 52L-6 64L6 64L10 52Z" fill="url(#gold)" stroke="#8a5a00" stroke-width="2"/></g>` +
      coin(160, 120, 14) +
      coin(52, 60, 11) +
      coin(270, 64, 11) +
      bubbles([
        [36, 140, 6],
        [290, 140, 7],
      ]),
  },
  'baccarat-1': {
    bg: ['#3d0814', '#7a1428', '#a4243b'],
    accent: '#f7c948',
    art:
      `<path d="M20 176C20 60 300 60 300 176" fill="#0d5c3a" stroke="#f7c948" stroke-width="4"/>
       <path d="M60 176C60 96 260 96 260 176" fill="none" stroke="#f7c94880" stroke-width="2"/>
       <text x="104" y="150" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="26" fill="#ff6b6b">庄</text>
       <text x="216" y="150" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="26" fill="#74c0fc">闲</text>
       <text x="160" y="124" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="18" fill="#8ce99a">和</text>` +
      card(130, 70, '9', '♦', -8, 0.7) +
      card(190, 70, '8', '♣', 8, 0.7) +
      `<g transform="translate(46 30)"><rect x="-34" y="-16" width="68" height="32" rx="16" fill="#f7c948"/><text y="7" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="18" fill="#7a1428">1号桌</text></g>`,
  },
  'baccarat-2': {
    bg: ['#0b1a3d', '#16306e', '#2450a8'],
    accent: '#f7c948',
    art:
      `<path d="M20 176C20 60 300 60 300 176" fill="#0d5c3a" stroke="#f7c948" stroke-width="4"/>
       <path d="M60 176C60 96 260 96 260 176" fill="none" stroke="#f7c94880" stroke-width="2"/>
       <text x="104" y="150" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="26" fill="#ff6b6b">庄</text>
       <text x="216" y="150" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="26" fill="#74c0fc">闲</text>
       <text x="160" y="124" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="18" fill="#8ce99a">和</text>` +
      card(130, 70, 'K', '♠', -8, 0.7) +
      card(190, 70, '6', '♥', 8, 0.7) +
      `<g transform="translate(46 30)"><rect x="-34" y="-16" width="68" height="32" rx="16" fill="#f7c948"/><text y="7" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="18" fill="#16306e">2号桌</text></g>`,
  },
  'dragon-tiger-1': {
    bg: ['#1a1a1a', '#1a1a1a'],
    accent: '#f7c948',
    art:
      `<path d="M0 0H170L150 240H0Z" fill="#b3261e"/><path d="M170 0H320V240H150Z" fill="#1c4fa0"/>
       <path d="M170 0L150 240" stroke="#f7c948" stroke-width="6"/>` +
      seal(84, 92, 54, '龙', '#8e1b14', '#f7c948', '#ffe08a') +
      seal(238, 92, 54, '虎', '#123a78', '#f7c948', '#ffe08a') +
      `<g transform="translate(160 92)"><circle r="24" fill="#f7c948" stroke="#6b4a00" stroke-width="3"/><text y="8" text-anchor="middle" font-family="Georgia,serif" font-weight="700" font-size="22" fill="#1a1a1a">VS</text></g>` +
      `<g transform="translate(46 30)"><rect x="-34" y="-16" width="68" height="32" rx="16" fill="#f7c948"/><text y="7" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="18" fill="#1a1a1a">1号桌</text></g>`,
  },
  k3: {
    bg: ['#7c2d12', '#d9480f', '#f59f00'],
    accent: '#fff3bf',
    art:
      rays(160, 96, '#fff3bf20', 14) +
      die(92, 96, 64, 5, -14) +
      die(164, 84, 72, 6, 6) +
      die(238, 100, 64, 3, 16) +
      `<text x="160" y="32" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="22" fill="#fff3bf">大 · 小 · 单 · 双</text>`,
  },
  ssc: {
    bg: ['#064e3b', '#047857', '#10b981'],
    accent: '#fde68a',
    art:
      `<rect x="24" y="54" width="272" height="84" rx="42" fill="#00000030"/>` +
      ball(64, 96, 28, '#e03131', '3') +
      ball(112, 96, 28, '#f59f00', '8') +
      ball(160, 96, 28, '#1c7ed6', '0') +
      ball(208, 96, 28, '#7048e8', '5') +
      ball(256, 96, 28, '#d6336c', '2') +
      `<g transform="translate(160 30)"><circle r="18" fill="#fff" stroke="#fde68a" stroke-width="4"/><path d="M0 -10V0L8 6" stroke="#047857" stroke-width="3" fill="none" stroke-linecap="round"/></g>` +
      sparkles(
        [
          [30, 30, 6],
          [290, 36, 7],
          [60, 160, 5],
          [270, 160, 5],
        ],
        '#fde68a',
      ),
  },
  sport: {
    bg: ['#14532d', '#15803d', '#22c55e'],
    accent: '#fef08a',
    art: `<g opacity="0.25">${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${i * 40}" y="0" width="20" height="240" fill="#fff"/>`).join('')}</g>
       <rect x="10" y="14" width="300" height="170" fill="none" stroke="#ffffffb0" stroke-width="3"/>
       <line x1="160" y1="14" x2="160" y2="184" stroke="#ffffffb0" stroke-width="3"/>
       <circle cx="160" cy="96" r="34" fill="none" stroke="#ffffffb0" stroke-width="3"/>
       <g transform="translate(160 96)"><circle r="46" fill="#fff" stroke="#1a1a1a" stroke-width="3"/>
        <path d="M0 -16L15 -5L10 13L-10 13L-15 -5Z" fill="#1a1a1a"/>
        <path d="M0 -16V-46M15 -5L43 -14M10 13L27 37M-10 13L-27 37M-15 -5L-43 -14" stroke="#1a1a1a" stroke-width="3"/>
        <path d="M-12 -44L0 -46L12 -44L8 -36L-8 -36Z M40 -24L44 -12L40 2L33 -6L34 -20Z M-40 -24L-44 -12L-40 2L-33 -6L-34 -20Z M20 40L28 34L34 24L26 22L18 32Z M-20 40L-28 34L-34 24L-26 22L-18 32Z" fill="#1a1a1a"/></g>`,
  },
  esport: {
    bg: ['#1e0b3a', '#3c1a78', '#7b2cbf'],
    accent: '#4cc9f0',
    art:
      `<g stroke="#4cc9f030" stroke-width="1">${[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<line x1="${i * 40}" y1="0" x2="${i * 40}" y2="240"/><line x1="0" y1="${i * 30}" x2="320" y2="${i * 30}"/>`).join('')}</g>
       <g transform="translate(160 96)">
        <path d="M-92 -30C-60 -46 60 -46 92 -30C112 -20 124 40 104 52C86 62 70 40 50 24H-50C-70 40 -86 62 -104 52C-124 40 -112 -20 -92 -30Z" fill="#240046" stroke="#4cc9f0" stroke-width="4"/>
        <path d="M-66 -12V12M-78 0H-54" stroke="#4cc9f0" stroke-width="8" stroke-linecap="round"/>
        <circle cx="58" cy="-12" r="8" fill="#f72585"/><circle cx="76" cy="2" r="8" fill="#4cc9f0"/><circle cx="40" cy="2" r="8" fill="#ffd60a"/><circle cx="58" cy="16" r="8" fill="#80ffdb"/>
        <circle cx="-22" cy="18" r="12" fill="#3c096c" stroke="#4cc9f0" stroke-width="3"/><circle cx="22" cy="18" r="12" fill="#3c096c" stroke="#4cc9f0" stroke-width="3"/></g>
       <text x="30" y="40" font-family="Georgia,serif" font-weight="700" font-size="20" fill="#f72585">GG</text>` +
      sparkles(
        [
          [280, 30, 7],
          [300, 150, 5],
          [20, 150, 5],
        ],
        '#4cc9f0',
      ),
  },
};

/**
 * A game's picture: background, motif, the category on a corner, the Chinese name on a band at the foot. `width`
 * below W crops the scene about its middle (the lobby's square icons), the band and the words kept whole.
 */
export function gameSvg(game: ShowcaseGame, width: number = W): string {
  const scene = SCENES[game.code];
  if (!scene) throw new Error(`no art drawn for ${game.code}`);
  const cat = CATEGORY[game.platform];
  const nameSize = [...game.name].length > 6 ? 24 : 28;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${H}" viewBox="0 0 ${width} ${H}">
  <defs>${gradient('bg', scene.bg)}${scene.defs ?? ''}
    <linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.45" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0.8"/></linearGradient></defs>
  <rect width="${width}" height="${H}" fill="url(#bg)"/>
  <g transform="translate(${(width - W) / 2} 0)">${scene.art}</g>
  <rect y="${H - 74}" width="${width}" height="74" fill="url(#band)"/>
  <rect x="12" y="${H - 30}" width="36" height="3" rx="1.5" fill="${scene.accent}"/>
  <text x="14" y="${H - 38}" font-family="${FONT}" font-weight="900" font-size="${nameSize}" fill="#fff" stroke="#00000060" stroke-width="1">${esc(game.name)}</text>
  <text x="56" y="${H - 23}" font-family="${FONT}" font-weight="700" font-size="13" fill="#ffffffd0">星耀棋牌 · ${cat}</text>
  <g transform="translate(${width - 12} 12)"><rect x="-44" y="0" width="44" height="24" rx="12" fill="#00000055"/><text x="-22" y="17" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="13" fill="#fff">${cat}</text></g>
</svg>`;
}

/** The installable site's icon: the site's star on its red-to-gold field, full bleed (maskable safe zone). */
/**
 * The installable site's icon: the brand red and the star, flat (a gradient made the 192 px PNG 40 KB, fetched by
 * Chromium while the first page loads: Lighthouse counted it against the home page's LCP).
 */
export function appIconSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#d4302a"/>
  <path d="M32 14l5.3 11.1 12.2 1.6-9 8.4 2.3 12.1L32 41.3l-10.8 5.9 2.3-12.1-9-8.4 12.2-1.6z" fill="#fff"/></svg>`;
}

/** Renders SVG text to an image with the system Chromium (canvas.toDataURL), answering the file's bytes. */
async function rasterise(
  page: Page,
  svg: string,
  width: number,
  height: number,
  type: 'image/webp' | 'image/png',
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ svg, width, height, type, quality }) => {
      const img = new Image();
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')!.drawImage(img, 0, 0, width, height);
      return canvas.toDataURL(type, quality);
    },
    { svg, width, height, type, quality: QUALITY },
  );
  const [head, body] = dataUrl.split(',');
  if (!head!.startsWith(`data:${type}`)) throw new Error(`the browser made ${head}, not ${type}`);
  return Buffer.from(body!, 'base64');
}

async function main() {
  const keepSvg = process.argv.includes('--svg');
  mkdirSync(GAMES_DIR, { recursive: true });
  mkdirSync(APP_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const page = await browser.newPage();
    // The system fonts (Noto Sans CJK) draw the names: an SVG drawn as an image may use installed fonts only.
    await page.setContent(`<html><body style="font-family:${FONT}">星耀</body></html>`);
    for (const game of SHOWCASE_GAMES) {
      const svg = gameSvg(game);
      const webp = await rasterise(page, svg, W, H, 'image/webp');
      writeFileSync(path.join(GAMES_DIR, `${game.code}.webp`), webp);
      if (keepSvg) writeFileSync(path.join(GAMES_DIR, `${game.code}.svg`), svg);
      console.info(`${game.code}.webp  ${(webp.length / 1024).toFixed(1)} KB  ${game.name}`);
      // The lobby's game grid shows square icons (server/modules/venue/catalogue-seed.ts): the games with a list.
      if (game.game === null) continue;
      const square = await rasterise(page, gameSvg(game, H), H, H, 'image/webp');
      writeFileSync(path.join(GAMES_DIR, `${game.code}-square.webp`), square);
    }
    for (const size of APP_ICON_SIZES) {
      const png = await rasterise(page, appIconSvg(size), size, size, 'image/png');
      writeFileSync(path.join(APP_DIR, `icon-${size}.png`), png);
      console.info(`icon-${size}.png  ${(png.length / 1024).toFixed(1)} KB`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
