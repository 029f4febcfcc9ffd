/** The lines cache (§3): id, name and time zone of each line, kept in local storage. */
import { apiClient, unwrap, type Schema } from './api-client';
import { STORAGE } from './storage-keys';
import { toText } from './text';

/** A line's id, name and time zone (of its `LineRecord`; a cache of an older version has no zone). */
export type LineRef = Pick<Schema<'LineRecord'>, '_id' | 'name'> & { timezone?: string };

/** Reloads the line list from the server and caches it (Refresh Config UI). */
export async function refreshLines(): Promise<LineRef[]> {
  const { data } = await unwrap(apiClient.GET('/api/lines'));
  const lines = (Array.isArray(data) ? data : []).map((l) => ({ _id: String(l._id), name: toText(l.name ?? ''), timezone: typeof l.timezone === 'string' ? l.timezone : undefined }));
  localStorage.setItem(STORAGE.lines, JSON.stringify(lines));
  return lines;
}

export function cachedLines(): LineRef[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE.lines) ?? '[]');
    return Array.isArray(parsed) ? (parsed as LineRef[]) : [];
  } catch {
    return [];
  }
}
