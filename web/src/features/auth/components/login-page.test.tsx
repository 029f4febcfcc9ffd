import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { LoginPage } from './login-page';

afterEach(() => vi.unstubAllGlobals());

describe('login screen', () => {
  it('keeps submit disabled while invalid and shows the §5 messages', async () => {
    const user = userEvent.setup();
    renderAt('/login', [{ path: '/login', element: <LoginPage /> }]);
    const submit = screen.getByRole('button', { name: 'Log In' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Email/), 'anna');
    expect(await screen.findByText('Invalid Email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), '@mill.com');
    await user.click(screen.getByLabelText(/Password/));
    await user.tab();
    expect(await screen.findByText('Please Enter your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Password/), 'secret');
    expect(submit).toBeEnabled();
  });

  it('shows the Reset password link once an email is typed', async () => {
    const user = userEvent.setup();
    renderAt('/login', [{ path: '/login', element: <LoginPage /> }]);
    expect(screen.queryByRole('link', { name: 'Reset password' })).toBeNull();
    await user.type(screen.getByLabelText(/Email/), 'a');
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/forgotpassword');
  });

  it('shows the server message when the login fails', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: false, message: 'Invalid email or password' }), { status: 401 })));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt('/login', [{ path: '/login', element: <LoginPage /> }]);
    await user.type(screen.getByLabelText(/Email/), 'anna@mill.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });
});
