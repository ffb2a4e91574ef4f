import type { ReactElement } from 'react';

// The mall items' pictures, drawn here (simple SVG; no downloaded art). Decorative: the item's name is the text.

const GOLD = '#f5b400';
const GOLD_DARK = '#c98a00';

function Coin({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={GOLD} stroke={GOLD_DARK} strokeWidth="2" />
      <circle cx={cx} cy={cy} r={r * 0.68} fill="none" stroke={GOLD_DARK} strokeWidth="1.5" />
      <text x={cx} y={cy + r * 0.3} textAnchor="middle" fontSize={r * 0.9} fill={GOLD_DARK} fontWeight="700">
        ¥
      </text>
    </g>
  );
}

function Star({ fill }: { fill: string }) {
  return (
    <polygon
      points="32,6 39,24 58,24 43,36 49,55 32,44 15,55 21,36 6,24 25,24"
      fill={fill}
      stroke="#8a5a00"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  );
}

const ART: Record<string, () => ReactElement> = {
  'coin-small': () => <Coin cx={32} cy={32} r={20} />,
  'coin-stack': () => (
    <>
      <Coin cx={24} cy={40} r={14} />
      <Coin cx={40} cy={36} r={14} />
      <Coin cx={32} cy={22} r={14} />
    </>
  ),
  'coin-chest': () => (
    <>
      <rect x="8" y="28" width="48" height="26" rx="4" fill="#9b5a2a" stroke="#5e3314" strokeWidth="2" />
      <path d="M8 30 Q32 6 56 30 Z" fill="#b86d34" stroke="#5e3314" strokeWidth="2" />
      <rect x="28" y="30" width="8" height="10" rx="2" fill={GOLD} stroke={GOLD_DARK} />
      <Coin cx={20} cy={26} r={7} />
      <Coin cx={44} cy={26} r={7} />
    </>
  ),
  star: () => <Star fill="#ffd84d" />,
  'star-gold': () => (
    <>
      <circle cx="32" cy="32" r="28" fill="#fff3c4" />
      <Star fill={GOLD} />
    </>
  ),
  earbuds: () => (
    <>
      <rect x="10" y="22" width="44" height="30" rx="12" fill="#f2f2f2" stroke="#888" strokeWidth="2" />
      <circle cx="24" cy="36" r="6" fill="#cfcfcf" />
      <circle cx="40" cy="36" r="6" fill="#cfcfcf" />
      <line x1="10" y1="30" x2="54" y2="30" stroke="#888" strokeWidth="1.5" />
    </>
  ),
  watch: () => (
    <>
      <rect x="24" y="4" width="16" height="56" rx="4" fill="#3b4a5a" />
      <rect x="16" y="16" width="32" height="32" rx="8" fill="#1d2630" stroke="#9aa7b4" strokeWidth="2" />
      <line x1="32" y1="32" x2="32" y2="22" stroke="#6fe3ff" strokeWidth="2" strokeLinecap="round" />
      <line x1="32" y1="32" x2="39" y2="35" stroke="#6fe3ff" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  phone: () => (
    <>
      <rect x="18" y="4" width="28" height="56" rx="6" fill="#222" />
      <rect x="21" y="10" width="22" height="42" rx="2" fill="#4b8df8" />
      <circle cx="32" cy="56" r="2" fill="#666" />
    </>
  ),
};

export function ItemArt({ art }: { art: string }) {
  const draw = ART[art] ?? ART['coin-small']!;
  return (
    <svg
      className="mall-item__art"
      viewBox="0 0 64 64"
      width="64"
      height="64"
      aria-hidden="true"
      focusable="false"
    >
      {draw()}
    </svg>
  );
}
