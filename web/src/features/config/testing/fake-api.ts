/** Test support: a fetch that answers the config calls from a table, and records what was sent. */
import { vi } from 'vitest';
import { DESCRIPTORS } from './descriptors-fixture';

export type Reply = { status?: number; body: unknown } | ((body: unknown) => { status?: number; body: unknown });

/** `routes` maps "METHOD /path?query" to a reply; descriptors are always served. */
export function fakeApi(routes: Record<string, Reply>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, body });
    const all: Record<string, Reply> = { 'GET /api/config/entities': { body: { success: true, data: DESCRIPTORS } }, ...routes };
    const reply = all[`${method} ${url}`];
    if (!reply) return new Response(JSON.stringify({ success: false, message: `no fake for ${method} ${url}` }), { status: 404 });
    const { status = 200, body: out } = typeof reply === 'function' ? reply(body) : reply;
    return new Response(JSON.stringify(out), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, sent: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url) };
}

export const ok = (data: unknown, message?: string) => ({ body: { success: true, data, message } });
