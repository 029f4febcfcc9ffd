/**
 * Test support: `fetch` answering api calls from a table and recording what was sent. A route
 * is "METHOD /path?query" (exact, as sent or decoded) or "METHOD /path" (any query); unknown
 * calls answer 404. Replies are JSON (with headers, e.g. a paged list's `x-total-count`), a file
 * (`raw` sent as `type`), or functions of the call and of how many times the route answered before.
 */
import { vi } from 'vitest';

export interface SentCall {
  method: string;
  /** Path and query as sent (encoded). */
  url: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Answer = { status?: number; body: unknown; headers?: Record<string, string> } | { raw: string; type: string };
export type Reply = Answer | ((call: SentCall, nth: number) => Answer);

export function fakeApi(routes: Record<string, Reply>) {
  const calls: SentCall[] = [];
  const counts = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.text();
      const url = new URL(input.url);
      const call: SentCall = {
        method: input.method,
        url: `${url.pathname}${url.search}`,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const key = [`${call.method} ${call.url}`, `${call.method} ${decodeURIComponent(call.url)}`, `${call.method} ${call.path}`].find((k) => k in routes);
      if (!key) return new Response(JSON.stringify({ success: false, message: `no fake for ${call.method} ${call.url}` }), { status: 404 });
      const nth = counts.get(key) ?? 0;
      counts.set(key, nth + 1);
      const reply = routes[key];
      const answer = typeof reply === 'function' ? reply(call, nth) : reply;
      if ('raw' in answer) return new Response(answer.raw, { headers: { 'Content-Type': answer.type, 'Content-Length': String(answer.raw.length) } });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: answer.headers });
    }),
  );
  return {
    calls,
    /** The calls of `method` to `path` (any query). */
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A 200 answer of the api's envelope. */
export const ok = (data: unknown, message?: string): Answer => ({ body: { success: true, data, message } });

/** A refusal of the api's envelope. */
export const failed = (status: number, message: string, errors?: Record<string, string>): Answer => ({ status, body: { success: false, message, errors } });
