/**
 * Test support: an XMLHttpRequest (what `upload()` uses) that answers from a table like
 * `fakeApi` does for fetch, reports upload progress at half way and can be held back.
 */
import { vi } from 'vitest';

export type UploadReply = { status?: number; body: unknown };

export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** `routes` maps "POST /path?query" to a reply, or a list of replies given in turn. */
export function fakeUploads(routes: Record<string, UploadReply | UploadReply[]>) {
  const sent: SentUpload[] = [];
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => {};

  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(key: string, value: string) {
      this.headers[key.toLowerCase()] = value;
    }

    send(body: unknown) {
      sent.push({ method: this.method, url: this.url, headers: this.headers, body });
      const key = `${this.method} ${this.url}`;
      const entry = routes[key];
      const reply: UploadReply = Array.isArray(entry)
        ? (entry.length > 1 ? entry.shift()! : entry[0])
        : (entry ?? { status: 404, body: { success: false, message: `no fake for ${key}` } });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        void gate.then(() => {
          this.status = reply.status ?? 200;
          this.responseText = JSON.stringify(reply.body);
          this.onload?.();
        });
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    sent,
    /** Holds every answer back until `release()` (to see the progress bar). */
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
    },
  };
}

export const report = (data: unknown, message?: string): UploadReply => ({ body: { success: true, data, message } });
