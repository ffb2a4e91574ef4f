// spec §5: phone masking and truncation.

/** Digits hidden: 7 or fewer digits hide the first four, otherwise the first seven. */
export const SHORT_PHONE_MAX = 7;
export const SHORT_PHONE_HIDDEN = 4;
export const LONG_PHONE_HIDDEN = 7;
export const MASK = '**';
export const ELLIPSIS = '…';

/** Hides the leading digits of a phone number: '13800138000' → '*******8000'. */
export function hidePhoneDigits(phone: string): string {
  const hidden = phone.length <= SHORT_PHONE_MAX ? SHORT_PHONE_HIDDEN : LONG_PHONE_HIDDEN;
  const n = Math.min(hidden, phone.length);
  return '*'.repeat(n) + phone.slice(n);
}

/** The masked form of a string: first 2 and last 2 characters with ** between ('13800138000' → '13**00'). */
export function maskMiddle(text: string): string {
  const chars = [...text];
  if (chars.length <= 4) return text;
  return chars.slice(0, 2).join('') + MASK + chars.slice(-2).join('');
}

/** How a player's phone shows on screen. */
export function maskPhone(phone: string): string {
  return maskMiddle(phone);
}

/** Cuts text to max characters, adding an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') + ELLIPSIS : text;
}
