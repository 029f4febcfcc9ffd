import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setUnauthorizedHandler } from './api-client';
import { useLocale } from './locale-store';
import { useSession } from './session-store';

afterEach(() => vi.unstubAllGlobals());

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client (§7, §8)', () => {
  it('sends JSON, the saved locale and the bearer token, and unwraps the envelope', async () => {
    useLocale.getState().setLocale('de');
    useSession.setState({ token: 'T' });
    const fetchMock = respond(200, { success: true, message: 'ok', data: { a: 1 } });
    const answer = await api.post<{ a: number }>('/api/x', { b: 2 });
    expect(answer).toEqual({ data: { a: 1 }, message: 'ok' });
    const headers = new Headers(fetchMock.mock.calls[0][1].headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept-language')).toBe('de');
    expect(headers.get('Authorization')).toBe('Bearer T');
    expect(fetchMock.mock.calls[0][1].body).toBe('{"b":2}');
  });

  it('logs out and hands over to /Home on 401', async () => {
    localStorage.setItem('id_token', 'T');
    localStorage.setItem('role', 'ADMIN');
    useSession.setState({ token: 'T' });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(401, { success: false, message: 'Please sign in' });
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledOnce();
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('id_token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
  });

  it('turns other failures into an error carrying the response', async () => {
    respond(409, { success: false, message: 'taken', errors: { email: 'A user with this email already exists' } });
    const error = await api.post('/api/createuser', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).firstError()).toBe('A user with this email already exists');
  });

  it('answers login-type calls with the success flag instead of throwing', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(401, { success: false, message: 'Invalid email or password' });
    const answer = await api.login('POST', '/auth/login', {});
    expect(answer.success).toBe(false);
    expect(handler).not.toHaveBeenCalled();
  });
});
