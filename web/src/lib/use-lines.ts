/**
 * The cached lines (lib/lines) for the line selectors and plant time, read fresh on each mount
 * so they agree with "Refresh Config UI"; an empty cache (or one without the lines' zones) is
 * filled from the server once.
 */
import { useEffect, useMemo, useState } from 'react';
import { cachedLines, refreshLines, type LineRef } from '@/lib/lines';
import { useErrorNotice } from '@/lib/use-error-notice';

export function useLines(): { lines: LineRef[]; loading: boolean } {
  // §8: the server's message, else "Error Getting Lines".
  const showError = useErrorNotice('web.error.lines');
  const [lines, setLines] = useState<LineRef[]>(cachedLines);
  const [loading, setLoading] = useState(lines.length === 0);

  useEffect(() => {
    let live = true;
    const cached = cachedLines();
    if (cached.length > 0) {
      // A cache from before lines carried their zone: refreshed quietly (plant time needs it).
      if (cached.some((l) => l.timezone === undefined))
        refreshLines()
          .then((fresh) => live && setLines(fresh))
          .catch(() => undefined);
      return () => {
        live = false;
      };
    }
    refreshLines()
      .then((fresh) => live && setLines(fresh))
      .catch(showError)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { lines, loading };
}

/** Line names by id, for screens that get line ids from live data (dashboard, diagnostics). */
export function useLineNames(): Record<string, string> {
  const { lines } = useLines();
  return useMemo(() => Object.fromEntries(lines.map((l) => [l._id, l.name])), [lines]);
}
