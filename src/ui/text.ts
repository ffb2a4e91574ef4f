import type { Text } from '../../machines/modal-types.ts';
import { zhCN } from '../i18n/zh-CN.ts';

/** Resolves a modal text: literal, or a key of zh-CN.ts ('dialog.ok'), called with args when it is a function. */
export function resolveText(text: Text): string {
  if (typeof text === 'string') return text;
  let node: unknown = zhCN;
  for (const part of text.key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node === 'function') return String((node as (...a: unknown[]) => unknown)(...(text.args ?? [])));
  return typeof node === 'string' ? node : text.key;
}
