export interface Row {
  metric: string;
  value: string;
  unit: string;
  note: string;
}

/** Display width: CJK and other wide characters take two columns in a terminal. */
function width(s: string): number {
  let w = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    w +=
      (cp >= 0x1100 && cp <= 0x115f) ||
      (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) ||
      (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6)
        ? 2
        : 1;
  }
  return w;
}

const pad = (s: string, n: number, right = false) =>
  right ? ' '.repeat(Math.max(0, n - width(s))) + s : s + ' '.repeat(Math.max(0, n - width(s)));

/** A plain-text table: metric | value | unit | note, values right-aligned. */
export function formatTable(rows: Row[]): string {
  const header: Row = { metric: 'metric', value: 'value', unit: 'unit', note: 'note' };
  const all = [header, ...rows];
  const w = {
    metric: Math.max(...all.map((r) => width(r.metric))),
    value: Math.max(...all.map((r) => width(r.value))),
    unit: Math.max(...all.map((r) => width(r.unit))),
  };
  const line = (r: Row, right: boolean) =>
    [pad(r.metric, w.metric), pad(r.value, w.value, right), pad(r.unit, w.unit), r.note]
      .join(' | ')
      .trimEnd();
  const rule = ['-'.repeat(w.metric), '-'.repeat(w.value), '-'.repeat(w.unit), '-'.repeat(4)].join('-|-');
  return [line(header, false), rule, ...rows.map((r) => line(r, true))].join('\n');
}
