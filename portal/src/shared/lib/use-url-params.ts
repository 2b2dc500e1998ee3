import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Changes to URL parameters: a value sets it, null or an empty string removes it. */
export type UrlParamChanges = Record<string, string | null>;

/**
 * The page's URL parameters and one way to change several at once, replacing the history entry (a page whose choices
 * live in the URL: a reload or a shared link shows the same view, and Back leaves the page rather than undoing a pick).
 *
 * @example
 * const [search, update] = useUrlParams();
 * update({ from: '2026-11-01', fleetId: null });
 */
export function useUrlParams(): [URLSearchParams, (changes: UrlParamChanges) => void] {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (changes: UrlParamChanges) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [search, update];
}
