import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, api, ApiError, apiClient, setUnauthorizedHandler, unwrap } from './api-client';
import { useLocale } from './locale-store';
import { useSession } from './session-store';

afterEach(() => vi.unstubAllGlobals());

/** Answers every request with `status` and `body`; the client hands fetch one Request. */
function respond(status: number, body: unknown) {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>(() =>
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
    const answered = await api.post<{ a: number }>('/api/x', { b: 2 });
    expect(answered).toEqual({ data: { a: 1 }, message: 'ok' });
    const [sent] = fetchMock.mock.calls[0];
    expect(sent.method).toBe('POST');
    expect(new URL(sent.url).pathname).toBe('/api/x');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.headers.get('Accept-language')).toBe('de');
    expect(sent.headers.get('Authorization')).toBe('Bearer T');
    expect(await sent.text()).toBe('{"b":2}');
  });

  it('types a call by the api document: path and query parameters, the envelope unwrapped', async () => {
    useSession.setState({ token: 'T' });
    const fetchMock = respond(200, { success: true, data: { users: [], total: 0, page: 2, limit: 20 } });
    const { data } = await unwrap(apiClient.GET('/api/user/users', { params: { query: { search: '', page: 2, limit: 20 } } }));
    expect(data.page).toBe(2);
    const [sent] = fetchMock.mock.calls[0];
    // Empty values are left out of the query string, as `query()` does.
    expect(`${new URL(sent.url).pathname}${new URL(sent.url).search}`).toBe('/api/user/users?page=2&limit=20');
    expect(sent.headers.get('Authorization')).toBe('Bearer T');
    const second = respond(200, { success: true, data: { _id: 'U/1' } });
    await unwrap(apiClient.GET('/api/getuser/{id}', { params: { path: { id: 'U/1' } } }));
    expect(new URL(second.mock.calls[0][0].url).pathname).toBe('/api/getuser/U%2F1');
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
    const answered = await api.login('POST', '/auth/login', {});
    expect(answered.success).toBe(false);
    const typed = await answer(apiClient.POST('/auth/login', { body: { email: 'a@b.c', password: 'x' } }));
    expect(typed).toEqual({ success: false, message: 'Invalid email or password' });
    expect(handler).not.toHaveBeenCalled();
  });
});
