/**
 * The one API client (§7, §8), typed by the server's OpenAPI document (`src/generated/api.d.ts`,
 * `npm run contract`): an openapi-fetch client whose middleware sends JSON, `Accept-language`
 * from the saved locale and the bearer token. `unwrap()` answers the envelope's data and
 * message, logs out on 401 and goes to /Home, and turns other non-2xx into an `ApiError`
 * carrying the response; login-type calls go through `answer()`, which reads the success flag
 * instead of throwing. `download` and `upload` share the same headers and 401 handling.
 *
 *   const { data } = await unwrap(apiClient.GET('/api/user/users', { params: { query: { page } } }));
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '@/generated/api';
import { currentLocale } from './locale-store';
import { query } from './query-string';
import { useSession } from './session-store';

export type { paths };
/** The api's component schemas by name: `Schema<'ScaleRecord'>`, `Schema<'UserDto'>`. */
export type Schemas = components['schemas'];
export type Schema<N extends keyof Schemas> = Schemas[N];

type Method = 'get' | 'post' | 'put' | 'delete';
/** The JSON body of an operation's 200 answer (the envelope, or a login-type answer). */
export type OkBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer B } } };
}
  ? B
  : never;
/**
 * The `data` of an answer's envelope. A successful answer carries it: the envelope schemas mark
 * `data` optional only because failures share the envelope.
 */
export type DataOf<B> = B extends { data?: infer D } ? ('data' extends keyof B ? Exclude<D, undefined> : undefined) : undefined;
/** The `data` of an operation's 200 answer: `OkData<'/api/lines', 'get'>`. */
export type OkData<P extends keyof paths, M extends Method> = DataOf<OkBody<P, M>>;

/** Base address of the api; same origin by default (the api serves the app). */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** `{ success, message?, data?, errors? }` as the api documents it (its `Envelope_*` schemas). */
export type Envelope<T = unknown> = Omit<Schema<'Envelope_SiteData'>, 'data'> & { data?: T };

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
export function firstError(body: Pick<Envelope, 'message' | 'errors'> | null | undefined): string | undefined {
  const first = body?.errors ? Object.values(body.errors)[0] : undefined;
  return first ?? body?.message ?? undefined;
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

/** The headers of every call: JSON accepted, the saved locale, the session's bearer token. */
function setSessionHeaders(set: (name: string, value: string) => void): void {
  set('Accept', 'application/json');
  set('Accept-language', currentLocale());
  const token = useSession.getState().token;
  if (token) set('Authorization', `Bearer ${token}`);
}

const sessionHeaders: Middleware = {
  onRequest({ request }) {
    setSessionHeaders((name, value) => request.headers.set(name, value));
  },
};

/**
 * The typed client. On the page's origin unless VITE_API_BASE says otherwise (a Request needs
 * an absolute address; no window when Node loads this); fetch is looked up on each call (tests
 * replace it); query strings leave out empty values, as `query()` does.
 */
export const apiClient = createClient<paths>({
  baseUrl: API_BASE || (typeof window === 'undefined' ? '' : window.location.origin),
  fetch: (request) => globalThis.fetch(request),
  querySerializer: (params) => query(params as Parameters<typeof query>[0]),
});
apiClient.use(sessionHeaders);

/** What an openapi-fetch call answers: the parsed body of a 2xx, or of a failure, and the response. */
interface Answered<B> {
  data?: B;
  error?: unknown;
  response: Response;
}

/** An answer's body when it is an object (an envelope), else null. */
function envelopeOf(body: unknown): Envelope | null {
  return body && typeof body === 'object' ? (body as Envelope) : null;
}

/** The unwrapped answer: the envelope's data and its message. */
export interface Unwrapped<T> {
  data: T;
  message?: string;
}

/** The envelope of a call's answer (§8): a 401 logs out, other non-2xx throw an `ApiError`. */
async function checked(call: Promise<Answered<unknown>>): Promise<Envelope> {
  const { data, error, response } = await call;
  logOutOn401(response.status);
  if (!response.ok) throw new ApiError(response.status, envelopeOf(error));
  return envelopeOf(data) ?? { success: true };
}

/**
 * A call's answer (§8): a 401 logs out, other non-2xx throw an `ApiError` carrying the
 * envelope; otherwise the envelope's data and message.
 */
export async function unwrap<B>(call: Promise<Answered<B>>): Promise<Unwrapped<DataOf<B>>> {
  const env = await checked(call);
  return { data: env.data as DataOf<B>, message: env.message ?? undefined };
}

/**
 * A login-type call's answer: the envelope, success flag and all, whatever the status; never
 * logs out. A failure answers the error envelope, so the answer's own fields may be missing.
 */
export async function answer<B>(call: Promise<Answered<B>>): Promise<Envelope & Partial<B>> {
  const { data, error } = await call;
  return (envelopeOf(data ?? error) ?? { success: false }) as Envelope & Partial<B>;
}

/**
 * The untyped way in, for paths composed at run time (the descriptor-driven configuration
 * calls): the same client, middleware and answer handling, with the body typed by the caller.
 */
type LooseCall = (
  method: string,
  path: string,
  init: { body?: unknown; signal?: AbortSignal; parseAs?: 'json' | 'stream' },
) => Promise<Answered<unknown>>;
const loose = apiClient.request as unknown as LooseCall;

interface CallOptions {
  body?: unknown;
  /** Login-type calls: answer the envelope whatever the status, never log out. */
  loginType?: boolean;
  signal?: AbortSignal;
}

/** Sends a request to a path composed at run time and answers the whole envelope. */
export async function request<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  const call = loose(method, path, { body: opts.body, signal: opts.signal });
  return (opts.loginType ? await answer(call) : await checked(call)) as Envelope<T>;
}

async function unwrapLoose<T>(method: string, path: string, opts?: CallOptions): Promise<Unwrapped<T>> {
  const env = await request<T>(method, path, opts);
  return { data: env.data as T, message: env.message ?? undefined };
}

/** Untyped calls for paths composed at run time; for a path of the api use `apiClient` and `unwrap`. */
export const api = {
  get: <T>(path: string, signal?: AbortSignal) => unwrapLoose<T>('GET', path, { signal }),
  post: <T>(path: string, body?: unknown) => unwrapLoose<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => unwrapLoose<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => unwrapLoose<T>('DELETE', path, { body }),
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
  const { data, error, response: res } = await loose(init.method ?? 'GET', path, { body: init.body, parseAs: 'stream' });
  logOutOn401(res.status);
  const stream = data as ReadableStream<Uint8Array> | null | undefined;
  if (!res.ok || !stream) throw new ApiError(res.status, envelopeOf(error));
  const total = Number(res.headers.get('Content-Length')) || 0;
  const reader = stream.getReader();
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

/** The envelope of an answer's text; null when it is not one. */
function parseEnvelope(text: string): Envelope | null {
  try {
    return envelopeOf(JSON.parse(text));
  } catch {
    return null;
  }
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
    setSessionHeaders((name, value) => xhr.setRequestHeader(name, value));
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
