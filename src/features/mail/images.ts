import { sniffImage, type PickedImage } from '../../../machines/mail/common.ts';
import { FEEDBACK_IMAGE_MAX_BYTES } from '../../protocol/mail.ts';

/** Bytes to base64 in slices (a 2 MiB image would overflow one String.fromCharCode call). */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
  return btoa(text);
}

/** The file's bytes through a FileReader (every browser the site supports has it). */
function readBytes(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

/** A file the player picked, as the feedback flow takes it: type by its bytes; too large ones are not read. */
export async function pickImage(file: File): Promise<PickedImage> {
  if (file.size === 0 || file.size > FEEDBACK_IMAGE_MAX_BYTES)
    return { name: file.name, size: file.size, type: null, data: '' };
  const bytes = new Uint8Array(await readBytes(file));
  return { name: file.name, size: bytes.length, type: sniffImage(bytes), data: toBase64(bytes) };
}
