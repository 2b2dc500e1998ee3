import { useCallback, useState } from 'react';

const PREFIX = 'voltline.columns.';

function read(tableId: string): Record<string, boolean> {
  try {
    const raw = globalThis.localStorage?.getItem(PREFIX + tableId);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));
  } catch {
    // A corrupt or unreadable entry resets to the default columns rather than breaking the list.
    return {};
  }
}

/**
 * Which columns of a table are shown, remembered per table in localStorage (a preference of this browser, not of the
 * session, so it survives sign-out).
 */
export function useColumnVisibility(tableId: string, defaults: Record<string, boolean> = {}) {
  const [visibility, setVisibility] = useState<Record<string, boolean>>(() => ({ ...defaults, ...read(tableId) }));
  const update = useCallback(
    (next: Record<string, boolean>) => {
      setVisibility(next);
      try {
        globalThis.localStorage?.setItem(PREFIX + tableId, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the choice still applies for this visit.
      }
    },
    [tableId],
  );
  return [visibility, update] as const;
}
