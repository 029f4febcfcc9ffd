/** A list call the server pages: its rows and the count of every page together (`x-total-count`). */
import { unwrap, type DataOf } from './api-client';

/** A page of a list the server pages, and how many rows match on every page together (`x-total-count`). */
export interface Page<T> {
  rows: T[];
  total: number;
}

interface Answered<B> {
  data?: B;
  error?: unknown;
  response: Response;
}

/** The rows of a paged call's envelope with the `x-total-count` header (the rows' count when it is missing). */
export async function paged<B>(call: Promise<Answered<B>>): Promise<Page<DataOf<B> extends (infer R)[] ? R : never>> {
  const [{ data }, { response }] = await Promise.all([unwrap(call), call]);
  const rows = (Array.isArray(data) ? data : []) as (DataOf<B> extends (infer R)[] ? R : never)[];
  const header = Number(response.headers.get('x-total-count'));
  return { rows, total: Number.isFinite(header) && response.headers.has('x-total-count') ? header : rows.length };
}

/** The pages of `total` rows, `size` a page (at least one). */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));
