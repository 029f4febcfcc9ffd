/**
 * Every route × every identity of access.json: the gate shows the screen exactly when the
 * SERVER's verdict (`rules[route.rule].allows[identity]`) says so, and the not-allowed panel
 * otherwise. The expected value is the server's, not the web's `allows()`: so the guards cannot
 * drift from the api.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import ACCESS from '@/generated/access.json';
import { useSession } from '@/lib/session-store';
import { Providers } from './providers';
import { RouteGate } from './route-gate';
import { appRoutes, type AppRoute } from './route-table';

/** Every screen is stubbed by this one (one lazy component, loaded once). */
function StubScreen() {
  return <p data-testid="screen">screen</p>;
}
const loadStub = () => Promise.resolve({ default: StubScreen });

/** The server's verdict on a route's rule for one identity. */
const verdict = (route: AppRoute, identity: string): boolean => {
  const judged: Record<string, boolean> = ACCESS.rules[route.rule].allows;
  if (!(identity in judged)) throw new Error(`access.json does not judge ${identity} on ${route.rule}`);
  return judged[identity];
};

afterAll(() => useSession.setState({ role: null, privileges: [] }));

describe('the route gate follows the server for every route and identity', () => {
  it('judges at least one identity of each kind on every route', () => {
    expect(appRoutes.length).toBeGreaterThan(100);
    expect(ACCESS.identities.map((i) => i.role)).toEqual(expect.arrayContaining(ACCESS.roles));
  });

  it.each(appRoutes.map((route) => [route.path, route] as const))('%s', async (_path, route) => {
    const first = ACCESS.identities[0];
    useSession.setState({ role: first.role, privileges: first.privileges });
    render(
      <Providers env="test">
        <RouteGate route={{ ...route, load: loadStub }} />
      </Providers>,
    );
    for (const identity of ACCESS.identities) {
      act(() => useSession.setState({ role: identity.role, privileges: identity.privileges }));
      const shown = verdict(route, identity.name);
      await waitFor(() => expect(screen.queryByTestId(shown ? 'screen' : 'not-allowed'), `${identity.name} ${route.rule}`).not.toBeNull());
      expect(screen.queryByTestId(shown ? 'not-allowed' : 'screen'), identity.name).toBeNull();
    }
  });
});
