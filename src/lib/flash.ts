/** One message to show as a toast on the next page, after a full navigation. */
export interface Flash {
  kind: 'success' | 'error';
  message: string;
  ms?: number;
}

/** The sessionStorage key of pending flash messages. */
export const FLASH_KEY = 'flash';

/** Keeps a toast for the next page (a full navigation would lose it). */
export function queueFlash(flash: Flash): void {
  try {
    const pending = takeFlashes();
    sessionStorage.setItem(FLASH_KEY, JSON.stringify([...pending, flash]));
  } catch {
    // Blocked storage only costs the message, never the navigation.
  }
}

/** Removes and returns the pending flash messages. */
export function takeFlashes(): Flash[] {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isFlash) : [];
  } catch {
    return [];
  }
}

function isFlash(value: unknown): value is Flash {
  const f = value as Partial<Flash> | null;
  return !!f && (f.kind === 'success' || f.kind === 'error') && typeof f.message === 'string';
}
