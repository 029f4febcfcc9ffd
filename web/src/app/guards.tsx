import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isLoggedIn, useSession } from '@/lib/session-store';

/**
 * §2/§4: a protected path needs a stored token that has not expired (checked on every
 * navigation, in seconds); otherwise the session is cleared and the visitor goes to /Home,
 * the requested location remembered for after sign-in.
 */
export function RequireAuth() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const valid = token !== null && isLoggedIn();
  useEffect(() => {
    if (!valid) {
      const session = useSession.getState();
      if (session.token) session.clear();
      session.setReturnTo(`${location.pathname}${location.search}`);
    }
  }, [valid, location.pathname, location.search]);
  if (!valid) return <Navigate to="/Home" replace />;
  return <Outlet />;
}

/**
 * The sign-in pages for a visitor already signed in (a reload after signing in, a bookmark):
 * on to where they were going, or the dashboard, instead of the form again.
 */
export function SignedInElsewhere() {
  // Decided once, on arrival: a sign-in made on the form navigates by itself (to where the
  // visitor was going), so the guard must not react to the new token.
  const [target] = useState(() => {
    const session = useSession.getState();
    return session.token !== null && isLoggedIn() ? (session.returnTo ?? '/dashboard') : null;
  });
  if (target) return <Navigate to={target} replace />;
  return <Outlet />;
}
