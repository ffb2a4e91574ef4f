import { sniffImage, type PickedImage } from '../../../machines/mail/common.ts';
import { FEEDBACK_IMAGE_MAX_BYTES } from '../../protocol/mail.ts';

/** Bytes to base64 in slices (a 2 MiB image would overflow one String.fromCharCode call). */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
  return btoa(text);
}

/** A file the player picked, as the feedback flow takes it: type by its bytes; too large ones are not read. */
export async function pickImage(file: File): Promise<PickedImage> {
  if (file.size === 0 || file.size > FEEDBACK_IMAGE_MAX_BYTES)
    return { name: file.name, size: file.size, type: null, data: '' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { name: file.name, size: bytes.length, type: sniffImage(bytes), data: toBase64(bytes) };
}
