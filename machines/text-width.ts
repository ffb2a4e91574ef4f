// spec §5: text length counts characters above code 255 as 2. Pure; machines and views share it.
export const WIDE_CHAR_CODE = 255;

export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += (ch.codePointAt(0) ?? 0) > WIDE_CHAR_CODE ? 2 : 1;
  return width;
}
