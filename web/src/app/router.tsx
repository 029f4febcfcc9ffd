import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { RequireAuth, SignedInElsewhere } from './guards';
import { RouteGate } from './route-gate';
import { appRoutes } from './route-table';

const page = (load: () => Promise<Record<string, unknown>>, name: string) => async () => {
  const mod = await load();
  return { Component: mod[name] as React.ComponentType };
};

/** `/` is the dashboard; the query (e.g. `?kiosk=1`) goes along. */
function ToDashboard() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/dashboard', search }} replace />;
}

const publicRoutes: RouteObject[] = [
  {
    element: <SignedInElsewhere />,
    children: [
      { path: '/Home', lazy: page(() => import('@/features/auth/components/home-page'), 'HomePage') },
      { path: '/login', lazy: page(() => import('@/features/auth/components/login-page'), 'LoginPage') },
      { path: '/superuserlogin', lazy: page(() => import('@/features/auth/components/login-page'), 'SuperUserLoginPage') },
    ],
  },
  { path: '/validatesignup/:token', lazy: page(() => import('@/features/auth/components/register-page'), 'RegisterPage') },
  { path: '/forgotpassword', lazy: page(() => import('@/features/auth/components/forgot-password-page'), 'ForgotPasswordPage') },
  { path: '/resetpassword/:token', lazy: page(() => import('@/features/auth/components/reset-password-page'), 'ResetPasswordPage') },
  {
    path: '/resetonprimiseuserpassword',
    lazy: page(() => import('@/features/auth/components/onpremise-reset-page'), 'OnPremiseResetPage'),
  },
];

export const routeObjects: RouteObject[] = [
  ...publicRoutes,
  {
    element: <RequireAuth />,
    children: [
      {
        lazy: page(() => import('./layout/shell'), 'Shell'),
        children: [
          { index: true, element: <ToDashboard /> },
          ...appRoutes.map((route) => ({ path: route.path, element: <RouteGate route={route} />, handle: { route } })),
          { path: '*', lazy: page(() => import('./not-found'), 'NotFound') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);
