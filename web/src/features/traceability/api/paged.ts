/** A list call the server pages: its rows and the count of every page together (`x-total-count`). */
import { unwrap, type DataOf } from '@/lib/api-client';
import type { Page } from './trace-types';

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
