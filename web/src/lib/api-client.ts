/**
 * The one API client (§7, §8): JSON, `Accept-language` from the saved locale, bearer token,
 * envelope unwrapped; 401 logs out and goes to /Home; other non-2xx become an `ApiError`
 * carrying the response. Login-type calls read the success flag instead of throwing.
 */
import { currentLocale } from './locale-store';
import { useSession } from './session-store';

/** Base address of the api; same origin by default (the api serves the app). */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export interface Envelope<T = unknown> {
  success: boolean;
  message?: string;
  data?: T;
  errors?: Record<string, string>;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Envelope | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The first entry of the server's field errors, else its message. */
  firstError(): string | undefined {
    return firstError(this.body);
  }
}

/** What an answer says went wrong (§8): its first field error, else its message. */
export function firstError(body: Envelope | null | undefined): string | undefined {
  const first = body?.errors ? Object.values(body.errors)[0] : undefined;
  return first ?? body?.message;
}

let onUnauthorized: () => void = () => {
  window.location.assign('/Home');
};

/** The app installs its router-aware handler for 401 answers. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** A 401 ends the session and hands over to the handler (every call but the login-type ones). */
function logOutOn401(status: number): void {
  if (status !== 401) return;
  useSession.getState().clear();
  onUnauthorized();
}

interface CallOptions {
  body?: unknown;
  /** Login-type calls: answer the envelope whatever the status, never log out. */
  loginType?: boolean;
  signal?: AbortSignal;
}

function headers(json: boolean): Headers {
  const h = new Headers({ Accept: 'application/json', 'Accept-language': currentLocale() });
  if (json) h.set('Content-Type', 'application/json');
  const token = useSession.getState().token;
  if (token) h.set('Authorization', `Bearer ${token}`);
  return h;
}

/** The envelope of an answer's text; null when it is not one. */
function parseEnvelope(text: string): Envelope | null {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Envelope) : null;
  } catch {
    return null;
  }
}

async function readEnvelope(res: Response): Promise<Envelope | null> {
  return parseEnvelope(await res.text().catch(() => ''));
}

/** Sends a request and answers the whole envelope. */
export async function request<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  const res = await fetch(`${API_BASE}${path}`, {
    method,
    headers: headers(true),
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  const body = await readEnvelope(res);
  if (opts.loginType) return (body ?? { success: false }) as Envelope<T>;
  logOutOn401(res.status);
  if (!res.ok) throw new ApiError(res.status, body);
  return (body ?? { success: true }) as Envelope<T>;
}

/** The unwrapped answer: the envelope's data and its message. */
export interface Unwrapped<T> {
  data: T;
  message?: string;
}

async function unwrap<T>(method: string, path: string, opts?: CallOptions): Promise<Unwrapped<T>> {
  const env = await request<T>(method, path, opts);
  return { data: env.data as T, message: env.message };
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => unwrap<T>('GET', path, { signal }),
  post: <T>(path: string, body?: unknown) => unwrap<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => unwrap<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => unwrap<T>('DELETE', path, { body }),
  /** Login-type call: the envelope, success flag and all, whatever the status. */
  login: <T>(method: string, path: string, body?: unknown) => request<T>(method, path, { body, loginType: true }),
};

export { query } from './query-string';

/**
 * Downloads a file with progress (0–1, or null when the size is unknown). Errors are rethrown
 * to the caller (§8); a 401 still logs out.
 */
export async function download(
  path: string,
  onProgress: (fraction: number | null) => void,
  init: { method?: string; body?: unknown } = {},
): Promise<Blob> {
  const res = await fetch(`${API_BASE}${path}`, {
    method: init.method ?? 'GET',
    headers: headers(init.body !== undefined),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  logOutOn401(res.status);
  if (!res.ok || !res.body) throw new ApiError(res.status, await readEnvelope(res));
  const total = Number(res.headers.get('Content-Length')) || 0;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(total ? received / total : null);
  }
  onProgress(1);
  return new Blob(chunks as BlobPart[], { type: res.headers.get('Content-Type') ?? 'application/octet-stream' });
}

/** Offers a blob to the user as a file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * Uploads a file as the request body with progress (0–1), answering the envelope; non-2xx
 * become an `ApiError` carrying the envelope, a 401 logs out (like every call). XMLHttpRequest,
 * because fetch reports no upload progress.
 */
export function upload<T = unknown>(path: string, file: Blob, onProgress: (fraction: number) => void): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    headers(false).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onload = () => {
      const body = parseEnvelope(xhr.responseText);
      onProgress(1);
      logOutOn401(xhr.status);
      if (xhr.status < 200 || xhr.status >= 300) reject(new ApiError(xhr.status, body));
      else resolve((body ?? { success: true }) as Envelope<T>);
    };
    xhr.send(file);
  });
}
