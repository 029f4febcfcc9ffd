import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
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
