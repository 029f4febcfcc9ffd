import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Providers } from '@/app/providers';
import { useLocale } from '@/lib/locale-store';
import { catalogues } from './catalogues';

/** Renders a screen with the real providers and English catalogue at `path`. */
export function renderAt(path: string, routes: Array<{ path: string; element: ReactElement }>) {
  useLocale.getState().setCatalogues(catalogues());
  useLocale.getState().setLocale('en');
  return render(
    <Providers env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {routes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

/** Shows the current path and query as `data-testid="location"`, to check what a screen navigated to. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}
