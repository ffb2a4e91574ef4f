// Bank icons (issue 10 §2): simple coloured monograms of our own — no trademark images.

const COLOURS: Record<string, string> = {
  ICBC: '#c7000b',
  CCB: '#0a3d8f',
  ABC: '#008c5a',
  BOC: '#a4002a',
  BOCOM: '#1b3f8b',
  PSBC: '#007a3d',
  CMB: '#d1121b',
  CITIC: '#c3161c',
  CEB: '#6a1b9a',
  CMBC: '#00589c',
  SPDB: '#0b3c7d',
  CIB: '#00377a',
  PAB: '#e65c00',
  HXB: '#d4161b',
  GDB: '#b5121b',
};

/** The first character of the bank's short Chinese name, on the bank's colour (a fixed palette of our own). */
export function BankIcon({
  code,
  name,
  size = 32,
}: {
  code: string | null;
  name: string | null;
  size?: number;
}) {
  const colour = (code && COLOURS[code]) ?? '#5a6b7b';
  const letter = (name ?? code ?? '?').replace(/^中国/, '').slice(0, 1);
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill={colour} />
      <text x="16" y="21" textAnchor="middle" fontSize="15" fontWeight="700" fill="#fff">
        {letter}
      </text>
    </svg>
  );
}
