/**
 * Builds a query string (`?a=1&b=x`), leaving out empty values. Free of browser state: the route
 * table, which Node also loads in the e2e tests, builds paths with it.
 */
export function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
