import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RouteGate } from '@/app/route-gate';
import { routeFor } from '@/app/route-table';
import { fakeApi, ok } from '@/test/fake-api';
import { renderAt } from '@/test/render';
import { FACETS, RECIPE_CHANGED } from '../testing/fixtures';
import { auditScreens } from '../testing/screen-setup';

const gated = (path: string, pattern: string) => renderAt(path, [{ path: pattern, element: <RouteGate route={routeFor(pattern)!} /> }]);

describe('who reaches the audit trail', () => {
  describe('a user without the audit rule', () => {
    auditScreens('PRIVILEGE', ['REPORTS_READ', 'SHIFTLOG_UPDATE', 'CONFIGURATOR_UPDATE']);

    it('is refused the list and an entry, and nothing is asked', async () => {
      const api = fakeApi({ 'GET /api/audit': ok([]), 'GET /api/audit/4711': ok(RECIPE_CHANGED), 'GET /api/audit/facets': ok(FACETS) });
      const view = gated('/audit', '/audit');
      expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
      view.unmount();
      gated('/audit/4711', '/audit/:id');
      expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
      expect(api.calls.filter((c) => c.path.startsWith('/api/audit'))).toHaveLength(0);
    });
  });

  describe('a user with AUDIT_READ', () => {
    auditScreens('PRIVILEGE', ['AUDIT_READ']);

    it('opens the list', async () => {
      fakeApi({ 'GET /api/audit': ok([RECIPE_CHANGED]), 'GET /api/audit/facets': ok(FACETS) });
      gated('/audit', '/audit');
      expect(await screen.findByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
      expect(await screen.findByTestId('audit-table')).toBeInTheDocument();
      expect(screen.queryByTestId('not-allowed')).toBeNull();
    });
  });
});
