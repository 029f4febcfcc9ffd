import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Spinner } from '@/components/spinner';
import { allows } from '@/lib/access';
import { useSession } from '@/lib/session-store';
import { NotAvailable, NotAllowed } from './placeholder-panels';
import { ruleOf, type AppRoute } from './route-table';

const screens = new Map<AppRoute['load'], LazyExoticComponent<ComponentType>>();

function screenOf(route: AppRoute) {
  if (!route.load) return null;
  let screen = screens.get(route.load);
  if (!screen) {
    screen = lazy(route.load);
    screens.set(route.load, screen);
  }
  return screen;
}

/**
 * Applies the route's §6 rule (the server's rule of that name, access.json), then shows its
 * (lazily loaded) screen or the placeholder.
 */
export function RouteGate({ route }: { route: AppRoute }) {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  if (!allows(ruleOf(route), role, privileges)) return <NotAllowed />;
  const Screen = screenOf(route);
  if (!Screen) return <NotAvailable route={route} />;
  return (
    <Suspense fallback={<Spinner fill />}>
      {/* eslint-disable-next-line react-hooks/static-components -- screenOf caches one lazy component per loader at module level, so its identity is stable across renders */}
      <Screen />
    </Suspense>
  );
}
