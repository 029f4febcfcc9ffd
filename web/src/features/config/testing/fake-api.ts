/**
 * Test support: fetch, and the XMLHttpRequest `upload()` uses, answering api calls from a table
 * and recording what was sent. Uploads report progress half way; answers can be held back.
 */
import { vi } from 'vitest';
import { DESCRIPTORS } from './descriptors-fixture';

export type Reply = { status?: number; body: unknown } | ((body: unknown) => { status?: number; body: unknown });

export interface SentCall {
  method: string;
  url: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** JSON bodies parsed; an upload's file as given. */
  body: unknown;
}

/** `routes` maps "METHOD /path?query" to a reply; descriptors are always served. */
export function fakeApi(routes: Record<string, Reply>) {
  const calls: SentCall[] = [];
  const all: Record<string, Reply> = { 'GET /api/config/entities': ok(DESCRIPTORS), ...routes };
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => {};

  const answer = async (call: SentCall): Promise<{ status: number; body: unknown }> => {
    calls.push(call);
    const reply = all[`${call.method} ${call.url}`];
    await gate;
    if (!reply) return { status: 404, body: { success: false, message: `no fake for ${call.method} ${call.url}` } };
    const { status = 200, body } = typeof reply === 'function' ? reply(call.body) : reply;
    return { status, body };
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      // The api client (openapi-fetch) sends a Request with JSON text, or no body at all.
      const text = await input.text();
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      const url = new URL(input.url);
      const out = await answer({ method: input.method, url: `${url.pathname}${url.search}`, headers: Object.fromEntries(input.headers), body });
      return new Response(JSON.stringify(out.body), { status: out.status });
    }),
  );

  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private call: SentCall = { method: '', url: '', headers: {}, body: undefined };

    open(method: string, url: string) {
      this.call = { method, url, headers: {}, body: undefined };
    }

    setRequestHeader(key: string, value: string) {
      this.call.headers[key.toLowerCase()] = value;
    }

    send(body: unknown) {
      const answered = answer({ ...this.call, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        void answered.then((out) => {
          this.status = out.status;
          this.responseText = JSON.stringify(out.body);
          this.onload?.();
        });
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);

  return {
    calls,
    sent: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url),
    /** Holds every answer back until `release()` (to see a progress bar). */
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
    },
  };
}

export const ok = (data: unknown, message?: string) => ({ body: { success: true, data, message } });
