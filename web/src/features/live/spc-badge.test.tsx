import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/providers';
import { useSession } from '@/lib/session-store';
import { fakeApi, ok } from '@/test/fake-api';
import { renderAt } from '@/test/render';
import DashboardPage from './dashboard-page';
import { emptyLive, useLive } from '@/lib/live/live-store';
import type { LineSummary, SpcViolation } from '@/lib/live/protocol';

vi.mock('./use-live-socket', () => ({ useLiveSocket: () => ({ online: true, settled: true }) }));

const violation: SpcViolation = {
  setId: 'S1',
  setName: 'Maize dosing',
  subject: 'DOSING_ERROR',
  code: 'CORN',
  lineId: 'L1',
  batchId: 'B-21',
  pointAt: '2026-11-24T13:05:00.000Z',
  pointSeq: 0,
  value: 1,
  rule: 'WE1',
  center: 0,
  sigma: 0.1,
  detectedAt: '2026-11-24T13:05:01.000Z',
};

const line = (lineId: string, lastSpcViolation: SpcViolation | null): LineSummary => ({
  lineId,
  openAlarms: 0,
  progress: 0,
  state: 'RUNNING',
  tonnesToday: 1,
  updatedAt: new Date().toISOString(),
  lastSpcViolation,
});

const show = () => renderAt('/dashboard', [{ path: '/dashboard', element: <DashboardPage /> }]);

describe('the dashboard tile’s SPC badge', () => {
  beforeEach(() => {
    localStorage.setItem('lines', JSON.stringify([{ _id: 'L1', name: 'Line 1', timezone: 'UTC' }, { _id: 'L2', name: 'Line 2', timezone: 'UTC' }]));
    useLive.setState({ ...emptyLive(), lines: { L1: line('L1', violation), L2: line('L2', null) } });
    fakeApi({
      'POST /api/dashboard/reportdashboarddetails': ok([]),
      'POST /api/dashboard/reportdashboardbyshifts': ok([]),
      'POST /api/dashboard/shiftwiseutilization': ok([]),
    });
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows the line’s newest violation, linking to its SPC graph for those who may open it', async () => {
    useSession.setState({ role: 'PRIVILEGE', privileges: ['REPORTS_READ'], token: null });
    show();
    const badge = await screen.findByTestId('line-spc-L1');
    expect(badge.textContent).toMatch(/^SPC: WE1 on CORN · batch B-21 · Nov 24, \d\d:\d\d/);
    expect(badge).toHaveAttribute('title', 'Last SPC violation on this line: WE1 (Beyond the control limits), set “Maize dosing”');
    const link = within(screen.getByTestId('line-tile-L1')).getByRole('link', { name: /^SPC: WE1 on CORN/ });
    expect(link).toHaveAttribute('href', '/reporting/batch/spcbatchgraph?lineId=L1&setId=S1');
    expect(screen.queryByTestId('line-spc-L2')).toBeNull();
  });

  it('shows it without a link to those who may not open the SPC graph', async () => {
    useSession.setState({ role: 'PRIVILEGE', privileges: ['RECIPE_READ'], token: null });
    show();
    expect(await screen.findByTestId('line-spc-L1')).toHaveTextContent('SPC: WE1 on CORN');
    expect(screen.queryByTestId('line-spc-link-L1')).toBeNull();
  });
});
