/**
 * Test support: `fetch` answering api calls from a table ("METHOD /path?query" → reply) and
 * recording what was sent. Unknown calls answer 404.
 */
import { vi } from 'vitest';

/** A JSON answer, or a file (`raw` text sent as `type`). */
export type Reply = { status?: number; body: unknown } | { raw: string; type: string } | ((body: unknown) => { status?: number; body: unknown });

export interface SentCall {
  method: string;
  url: string;
  body: unknown;
}

export function fakeApi(routes: Record<string, Reply>) {
  const calls: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.text();
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      const url = new URL(input.url);
      const call = { method: input.method, url: `${url.pathname}${url.search}`, body };
      calls.push(call);
      const reply = routes[`${call.method} ${call.url}`];
      if (!reply) return new Response(JSON.stringify({ success: false, message: `no fake for ${call.method} ${call.url}` }), { status: 404 });
      if ('raw' in reply) return new Response(reply.raw, { headers: { 'Content-Type': reply.type, 'Content-Length': String(reply.raw.length) } });
      const { status = 200, body: out } = typeof reply === 'function' ? reply(body) : reply;
      return new Response(JSON.stringify(out), { status });
    }),
  );
  return {
    calls,
    sent: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url),
  };
}

export const failed = (status: number, message: string, errors?: Record<string, string>) => ({ status, body: { success: false, message, errors } });
