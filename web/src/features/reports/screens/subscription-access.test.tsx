import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crumbsFor } from '@/app/layout/breadcrumbs';
import { buildMenu, menuPaths } from '@/app/menu';
import { RouteGate } from '@/app/route-gate';
import { routeFor, ruleOf } from '@/app/route-table';
import { RULES } from '@/lib/access';
import { fakeApi, ok } from '@/test/fake-api';
import { renderAt } from '@/test/render';
import { reportScreens } from '../testing/screen-setup';
import { DAILY } from '../testing/subscription-fixtures';

const LIST = '/reports/subscriptions';
const ONE = '/reports/subscriptions/:id';
const gated = (path: string, pattern: string) => renderAt(path, [{ path: pattern, element: <RouteGate route={routeFor(pattern)!} /> }]);
const api = () => fakeApi({ 'GET /api/reportsubscriptions': ok([DAILY]), 'GET /api/reportsubscriptions/SUB1': ok(DAILY), 'GET /api/reportsubscriptions/SUB1/deliveries': ok([]) });

describe('who reaches the scheduled reports', () => {
  it('are guarded by the reports rule, shown under Reporting, and crumbed under it', () => {
    expect(ruleOf(routeFor(LIST)!)).toBe(RULES.reports);
    expect(ruleOf(routeFor(ONE)!)).toBe(RULES.reports);
    for (const held of ['REPORTS_READ', 'REPORTS_UPDATE']) expect(menuPaths(buildMenu('PRIVILEGE', [held])), held).toContain(LIST);
    expect(menuPaths(buildMenu('PRIVILEGE', ['ALARM_READ', 'AUDIT_READ']))).not.toContain(LIST);
    expect(menuPaths(buildMenu('ADMIN'))).toContain(LIST);
    const reporting = buildMenu('PRIVILEGE', ['REPORTS_READ']).find((n) => n.label === 'web.group.reporting');
    expect(reporting?.children?.at(-1)).toEqual({ label: 'web.screen.reportSubscriptions', path: LIST });
    expect(crumbsFor('/reports/subscriptions/SUB1').map((c) => c.group ?? c.route?.path)).toEqual(['web.group.reporting', LIST, ONE]);
  });

  describe('a user without a report privilege', () => {
    reportScreens('PRIVILEGE', ['ALARM_READ', 'SHIFTLOG_UPDATE']);

    it('is refused the list and a subscription, and nothing is asked', async () => {
      const calls = api();
      const view = gated(LIST, LIST);
      expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
      view.unmount();
      gated('/reports/subscriptions/SUB1', ONE);
      expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
      expect(calls.calls.filter((c) => c.path.startsWith('/api/reportsubscriptions'))).toHaveLength(0);
    });
  });

  describe('a report reader', () => {
    reportScreens('PRIVILEGE', ['REPORTS_READ']);

    it('opens the list and a subscription', async () => {
      api();
      const view = gated(LIST, LIST);
      expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled reports' })).toBeInTheDocument();
      expect(await screen.findByTestId('subscription-row')).toBeInTheDocument();
      view.unmount();
      gated('/reports/subscriptions/SUB1', ONE);
      expect(await screen.findByRole('heading', { level: 1, name: 'Daily consumption' })).toBeInTheDocument();
      expect(screen.queryByTestId('not-allowed')).toBeNull();
    });
  });
});
