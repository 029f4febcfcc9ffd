import { RouterProvider } from 'react-router-dom';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { Providers } from './providers';
import { router } from './router';

// §4/§8: any 401 logs out (the client has cleared the session) and goes to /Home.
setUnauthorizedHandler(() => {
  void router.navigate('/Home', { replace: true });
});

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
