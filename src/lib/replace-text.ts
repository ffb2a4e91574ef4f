// Deep string replacement over parsed JSON (spec §7: a text-replacement list may be applied to JSON responses).

export interface TextReplacement {
  from: string;
  to: string;
}

/** A copy of `value` with every replacement applied, in order, to every string value (object keys are left alone). */
export function replaceText(value: unknown, replacements: readonly TextReplacement[]): unknown {
  if (replacements.length === 0) return value;
  if (typeof value === 'string') {
    // A function replacer keeps `to` literal: a string replacer would expand patterns such as '$&'.
    return replacements.reduce(
      (text, { from, to }) => (from === '' ? text : text.replaceAll(from, () => to)),
      value,
    );
  }
  if (Array.isArray(value)) return value.map((item) => replaceText(item, replacements));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, replaceText(item, replacements)]),
    );
  }
  return value;
}
