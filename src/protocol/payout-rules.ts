// Pure rules of real-name verification and payout accounts (issue 10 §1–2; design in docs/payout.md), shared
// by the pages and the reference back end. No DOM, no Node APIs, no crypto-js (it stays off the first load):
// the small SHA-256 and Keccak-256 below are all the address checks need.

import { isRegion } from './regions.ts';
import {
  ID_NUMBER_LENGTH,
  KYC_MIN_AGE_YEARS,
  WECHAT_QR_MAX_BYTES,
  type Bank,
  type PayoutAccountInput,
  type PayoutKind,
  type UsdtNetwork,
} from './payout.ts';

// ——— Real name ———

/** Middle dots people type for the one in minority and foreign names; all become U+00B7. */
const DOT_VARIANTS = /[\u2022\u30FB\u2027\uFF65]/g;
export const NAME_DOT = '\u00B7';
export const REAL_NAME_MIN = 2;
export const REAL_NAME_MAX = 20;
/** CJK unified ideographs: the basic block, extension A, compatibility, and extensions B–G (astral). */
const CJK = '[\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF\\u{20000}-\\u{3134F}]';
const NAME_PATTERN = new RegExp(`^${CJK}+(?:${NAME_DOT}${CJK}+)*$`, 'u');

/** Trims and turns the other middle dots (• U+2022, ・ U+30FB, ‧ U+2027, ･ U+FF65) into ·. */
export function normaliseRealName(name: string): string {
  return name.trim().replace(DOT_VARIANTS, NAME_DOT);
}

/**
 * A real name as an ID card prints it: Chinese characters, 2–20 characters counting the dots; foreign and
 * minority names are parts joined by single middle dots (no dot at either end, none doubled).
 */
export function isValidRealName(name: string): boolean {
  const n = normaliseRealName(name);
  const length = [...n].length;
  return length >= REAL_NAME_MIN && length <= REAL_NAME_MAX && NAME_PATTERN.test(n);
}

// ——— The resident ID number (GB 11643-1999) ———

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';
/** Provincial codes of GB/T 2260 (and 81–83: Hong Kong, Macao, Taiwan residence permits). */
const ID_PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82, 83,
]);

/** Trims, drops inner spaces and upper-cases the x. */
export function normaliseIdNumber(id: string): string {
  return id.replace(/\s+/g, '').toUpperCase();
}

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Today in China (UTC+8, no daylight saving): the date ages are counted on. */
export function chinaToday(now: number = Date.now()): CalendarDate {
  const d = new Date(now + 8 * 3_600_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

const dateKey = (d: CalendarDate) => d.year * 10_000 + d.month * 100 + d.day;

/** Whole years from birth to today; a 29 February birthday comes on 1 March in other years. */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const years = today.year - birth.year;
  return today.month * 100 + today.day >= birth.month * 100 + birth.day ? years : years - 1;
}

export type IdCheck =
  | { ok: true; id: string; birth: CalendarDate; age: number }
  | { ok: false; reason: 'format' | 'region' | 'checksum' | 'birthDate' | 'underAge' };

/**
 * Checks an 18-character resident ID number: 17 digits and the MOD 11-2 check character (0–9 or X), a
 * provincial code, a birth date that exists, not before 1900-01-01 nor after today, and age ≥ 18 today.
 */
export function checkIdNumber(raw: string, today: CalendarDate): IdCheck {
  const id = normaliseIdNumber(raw);
  if (id.length !== ID_NUMBER_LENGTH || !/^\d{17}[\dX]$/.test(id)) return { ok: false, reason: 'format' };
  if (!ID_PROVINCES.has(Number(id.slice(0, 2)))) return { ok: false, reason: 'region' };
  if (idCheckChar(id.slice(0, 17)) !== id[17]) return { ok: false, reason: 'checksum' };
  const birth = {
    year: Number(id.slice(6, 10)),
    month: Number(id.slice(10, 12)),
    day: Number(id.slice(12, 14)),
  };
  if (
    !isRealDate(birth.year, birth.month, birth.day) ||
    birth.year < 1900 ||
    dateKey(birth) > dateKey(today)
  ) {
    return { ok: false, reason: 'birthDate' };
  }
  const age = ageOn(birth, today);
  if (age < KYC_MIN_AGE_YEARS) return { ok: false, reason: 'underAge' };
  return { ok: true, id, birth, age };
}

/** First 3 and last 4 shown: 110***********123X (what KycStatus.idMasked answers). */
export function maskIdNumber(id: string): string {
  return `${id.slice(0, 3)}${'*'.repeat(Math.max(0, id.length - 7))}${id.slice(-4)}`;
}

// ——— Banks and cards ———

/** The banks a card can be bound at (issue 10 §2: the major Chinese banks). */
export const BANKS: readonly Bank[] = [
  { code: 'ICBC', name: '中国工商银行' },
  { code: 'ABC', name: '中国农业银行' },
  { code: 'BOC', name: '中国银行' },
  { code: 'CCB', name: '中国建设银行' },
  { code: 'BOCOM', name: '交通银行' },
  { code: 'PSBC', name: '中国邮政储蓄银行' },
  { code: 'CMB', name: '招商银行' },
  { code: 'CITIC', name: '中信银行' },
  { code: 'CEB', name: '中国光大银行' },
  { code: 'CMBC', name: '中国民生银行' },
  { code: 'CIB', name: '兴业银行' },
  { code: 'SPDB', name: '上海浦东发展银行' },
  { code: 'HXB', name: '华夏银行' },
  { code: 'GDB', name: '广发银行' },
  { code: 'PAB', name: '平安银行' },
  { code: 'CZB', name: '浙商银行' },
  { code: 'CBHB', name: '渤海银行' },
  { code: 'HFB', name: '恒丰银行' },
  { code: 'BOB', name: '北京银行' },
  { code: 'BOSH', name: '上海银行' },
  { code: 'JSB', name: '江苏银行' },
  { code: 'NBCB', name: '宁波银行' },
  { code: 'NJCB', name: '南京银行' },
  { code: 'HZB', name: '杭州银行' },
  { code: 'RCC', name: '农村信用社' },
];

export function bankByCode(code: string): Bank | undefined {
  return BANKS.find((b) => b.code === code);
}

export const CARD_MIN_DIGITS = 16;
export const CARD_MAX_DIGITS = 19;
export const BRANCH_MAX = 40;

/** Drops the spaces and dashes people type between groups. */
export function normaliseCardNumber(card: string): string {
  return card.replace(/[\s-]+/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 16–19 digits passing Luhn (after dropping spaces). */
export function isValidCardNumber(card: string): boolean {
  const n = normaliseCardNumber(card);
  return n.length >= CARD_MIN_DIGITS && n.length <= CARD_MAX_DIGITS && luhnValid(n);
}

// ——— E-wallet accounts ———

export const CN_MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_MAX = 64;
const EMAIL_PATTERN =
  /^[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}$/;
/** WeChat id: 6–20 characters, a letter first, then letters, digits, _ and -. */
export const WECHAT_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{5,19}$/;

export function isEmail(s: string): boolean {
  return s.length <= EMAIL_MAX && EMAIL_PATTERN.test(s) && !s.includes('..');
}

/**
 * The wallet-id formats of the site's own wallets (design, docs/payout.md "E-wallet ids"): EBpay addresses are
 * EB and 16 digits; KOIpay accounts KP and 12 digits; Sharelife accounts SL and 10 digits; a digital RMB
 * (e-CNY) wallet id is 16 digits. Letters are upper-cased first.
 */
export const WALLET_ID_PATTERN = {
  ebpay: /^EB\d{16}$/,
  koipay: /^KP\d{12}$/,
  sharelife: /^SL\d{10}$/,
  digital: /^\d{16}$/,
} as const;

export type WalletIdKind = keyof typeof WALLET_ID_PATTERN;

// ——— The WeChat QR image ———

const QR_DATA_URL = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]*={0,2})$/;
/** The longest data: URL that can hold WECHAT_QR_MAX_BYTES (the body schema's limit). */
export const WECHAT_QR_MAX_URL_LENGTH =
  'data:image/jpeg;base64,'.length + Math.ceil(WECHAT_QR_MAX_BYTES / 3) * 4;

function base64Bytes(b64: string, count: number): number[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of b64) {
    if (ch === '=' || out.length >= count) break;
    value = (value << 6) | alphabet.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  return out;
}

export type QrCheck = { ok: true; type: 'image/png' | 'image/jpeg'; bytes: number } | { ok: false };

/** A PNG or JPEG data: URL whose bytes start as the type says and decode to at most WECHAT_QR_MAX_BYTES. */
export function checkQrImage(dataUrl: string): QrCheck {
  if (dataUrl.length > WECHAT_QR_MAX_URL_LENGTH) return { ok: false };
  const m = QR_DATA_URL.exec(dataUrl);
  if (!m) return { ok: false };
  const type = m[1] as 'image/png' | 'image/jpeg';
  const b64 = m[2]!;
  if (b64.length === 0 || b64.length % 4 !== 0) return { ok: false };
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  const bytes = (b64.length / 4) * 3 - pad;
  if (bytes > WECHAT_QR_MAX_BYTES) return { ok: false };
  const head = base64Bytes(b64, 8);
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const isPng = png.every((b, i) => head[i] === b);
  const isJpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  if ((type === 'image/png' && !isPng) || (type === 'image/jpeg' && !isJpeg)) return { ok: false };
  return { ok: true, type, bytes };
}

// ——— Hashes for the address checks (pure, small, synchronous) ———

const K256 = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** SHA-256 (FIPS 180-4). */
export function sha256(data: Uint8Array): Uint8Array {
  const len = data.length;
  const total = Math.ceil((len + 9) / 64) * 64;
  const buf = new Uint8Array(total);
  buf.set(data);
  buf[len] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(total - 8, Math.floor((len * 8) / 2 ** 32));
  view.setUint32(total - 4, (len * 8) >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K256[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
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

const MASK64 = (1n << 64n) - 1n;
const KECCAK_RC = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];
const KECCAK_ROT = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];
const rotl64 = (x: bigint, n: number) => (n === 0 ? x : ((x << BigInt(n)) | (x >> BigInt(64 - n))) & MASK64);

function keccakF(s: bigint[]): void {
  for (let round = 0; round < 24; round++) {
    const c = [0, 1, 2, 3, 4].map((x) => s[x]! ^ s[x + 5]! ^ s[x + 10]! ^ s[x + 15]! ^ s[x + 20]!);
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl64(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) s[x + y] = s[x + y]! ^ d;
    }
    const b = new Array<bigint>(25);
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++)
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl64(s[x + 5 * y]!, KECCAK_ROT[x + 5 * y]!);
    }
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 25; y += 5)
        s[x + y] = b[x + y]! ^ (~b[((x + 1) % 5) + y]! & MASK64 & b[((x + 2) % 5) + y]!);
    }
    s[0] = s[0]! ^ KECCAK_RC[round]!;
  }
}

/** Keccak-256 as Ethereum uses it (the original padding 0x01, not SHA3-256's 0x06). */
export function keccak256(data: Uint8Array): Uint8Array {
  const rate = 136;
  const padded = new Uint8Array(Math.ceil((data.length + 1) / rate) * rate);
  padded.set(data);
  padded[data.length] = 0x01;
  padded[padded.length - 1]! |= 0x80;
  const s = new Array<bigint>(25).fill(0n);
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 8; i++) {
      let lane = 0n;
      for (let j = 7; j >= 0; j--) lane = (lane << 8n) | BigInt(padded[off + i * 8 + j]!);
      s[i] = s[i]! ^ lane;
    }
    keccakF(s);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 4; i++) {
    let lane = s[i]!;
    for (let j = 0; j < 8; j++) {
      out[i * 8 + j] = Number(lane & 0xffn);
      lane >>= 8n;
    }
  }
  return out;
}

export const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const ascii = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0) & 0xff);

// ——— USDT addresses ———

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (Bitcoin alphabet) to bytes; null on a character outside the alphabet. */
export function base58Decode(s: string): Uint8Array | null {
  let n = 0n;
  for (const ch of s) {
    const v = BASE58.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of s) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** A TRON (TRC20) address: base58check of 25 bytes, version 0x41, the 4-byte double-SHA-256 checksum; starts with T. */
export function isValidTrc20Address(addr: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(addr)) return false;
  const bytes = base58Decode(addr);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const check = sha256(sha256(bytes.subarray(0, 21)));
  return check[0] === bytes[21] && check[1] === bytes[22] && check[2] === bytes[23] && check[3] === bytes[24];
}

/** The EIP-55 mixed-case form of a 0x address (40 hex). */
export function toChecksumAddress(addr: string): string {
  const lower = addr.slice(2).toLowerCase();
  const hash = toHex(keccak256(ascii(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** An Ethereum (ERC20) address: 0x and 40 hex; in mixed case it must carry the EIP-55 checksum. */
export function isValidErc20Address(addr: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(addr)) return false;
  const body = addr.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(addr) === addr;
}

export function isValidUsdtAddress(network: UsdtNetwork, addr: string): boolean {
  return network === 'TRC20' ? isValidTrc20Address(addr) : isValidErc20Address(addr);
}

export const USDT_LABEL_MAX = 20;

// ——— Masking ———

export const maskCard = (card: string) => `**** **** **** ${card.slice(-4)}`;
export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
export const maskAddress = (addr: string) => `${addr.slice(0, 6)}…${addr.slice(-4)}`;
/** Wallet ids and WeChat ids: the first 2 and the last 4. */
export const maskWalletId = (id: string) => `${id.slice(0, 2)}****${id.slice(-4)}`;

// ——— One account input, checked ———

/** The field a 30031 names. */
export type AccountField = 'account' | 'bankCode' | 'region' | 'branch' | 'network' | 'label' | 'qrImage';

export interface CheckedAccount {
  kind: PayoutKind;
  /** The canonical account: stored for the payout, its keyed hash enforces uniqueness. */
  account: string;
  masked: string;
  bankCode: string | null;
  province: string | null;
  city: string | null;
  branch: string | null;
  network: UsdtNetwork | null;
  label: string | null;
  qrImage: string | null;
}

export type AccountCheck = { ok: true; value: CheckedAccount } | { ok: false; field: AccountField };

const blankToNull = (s: string | undefined) => {
  const t = s?.trim();
  return t ? t : null;
};

/**
 * Checks what a player submits to bind an account (the pages before sending, the server before storing).
 * Fields that do not apply to the kind are ignored (not stored).
 */
export function checkPayoutAccount(input: PayoutAccountInput): AccountCheck {
  const none = {
    bankCode: null,
    province: null,
    city: null,
    branch: null,
    network: null,
    label: null,
    qrImage: null,
  };
  const raw = input.account.trim();
  switch (input.kind) {
    case 'bank': {
      const card = normaliseCardNumber(raw);
      if (!isValidCardNumber(card)) return { ok: false, field: 'account' };
      if (!input.bankCode || !bankByCode(input.bankCode)) return { ok: false, field: 'bankCode' };
      const province = blankToNull(input.province);
      const city = blankToNull(input.city);
      if (!province || !city || !isRegion(province, city)) return { ok: false, field: 'region' };
      const branch = blankToNull(input.branch);
      if (branch && [...branch].length > BRANCH_MAX) return { ok: false, field: 'branch' };
      return {
        ok: true,
        value: {
          ...none,
          kind: 'bank',
          account: card,
          masked: maskCard(card),
          bankCode: input.bankCode,
          province,
          city,
          branch,
        },
      };
    }
    case 'alipay': {
      if (CN_MOBILE_PATTERN.test(raw))
        return { ok: true, value: { ...none, kind: 'alipay', account: raw, masked: maskPhone(raw) } };
      const email = raw.toLowerCase();
      if (isEmail(email))
        return { ok: true, value: { ...none, kind: 'alipay', account: email, masked: maskEmail(email) } };
      return { ok: false, field: 'account' };
    }
    case 'wechat': {
      let account: string;
      let masked: string;
      if (CN_MOBILE_PATTERN.test(raw)) {
        account = raw;
        masked = maskPhone(raw);
      } else if (WECHAT_ID_PATTERN.test(raw)) {
        account = raw.toLowerCase();
        masked = maskWalletId(account);
      } else return { ok: false, field: 'account' };
      const qr = blankToNull(input.qrImage);
      if (qr && !checkQrImage(qr).ok) return { ok: false, field: 'qrImage' };
      return { ok: true, value: { ...none, kind: 'wechat', account, masked, qrImage: qr } };
    }
    case 'ebpay':
    case 'koipay':
    case 'sharelife':
    case 'digital': {
      const id = raw.replace(/\s+/g, '').toUpperCase();
      if (!WALLET_ID_PATTERN[input.kind].test(id)) return { ok: false, field: 'account' };
      return { ok: true, value: { ...none, kind: input.kind, account: id, masked: maskWalletId(id) } };
    }
    case 'usdt': {
      const network = input.network;
      if (network !== 'TRC20' && network !== 'ERC20') return { ok: false, field: 'network' };
      if (!isValidUsdtAddress(network, raw)) return { ok: false, field: 'account' };
      const label = blankToNull(input.label);
      if (!label || [...label].length > USDT_LABEL_MAX) return { ok: false, field: 'label' };
      // ERC20: one address in any case is one account (stored in its checksum form).
      const account = network === 'ERC20' ? toChecksumAddress(raw) : raw;
      return {
        ok: true,
        value: { ...none, kind: 'usdt', account, masked: maskAddress(account), network, label },
      };
    }
    default:
      return { ok: false, field: 'account' };
  }
}
