// localStorage as JSON. Never throws: private browsing, a full quota or a hand-edited value must not break a page.

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some browsers throw on the property access itself when storage is disabled.
    return null;
  }
}

/** The stored value, or null when absent, empty or unreadable (spec §5: an empty cache read is ignored). */
export function storageGet<T>(key: string): T | null {
  try {
    const raw = store()?.getItem(key);
    if (raw === null || raw === undefined || raw === '') return null;
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Stores the value as JSON; false when the browser refused it. */
export function storageSet(key: string, value: unknown): boolean {
  try {
    const s = store();
    if (!s) return false;
    s.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function storageRemove(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to do: an item we cannot remove is one we cannot read either.
  }
}
