import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/providers';
import { fakeApi, ok, type Reply } from '@/test/fake-api';
import { renderAt } from '@/test/render';
import { useSession } from '@/lib/session-store';
import DashboardPage from './dashboard-page';
import { emptyLive, useLive } from '@/lib/live/live-store';
import { oeeToday } from '@/features/reports/testing/oee-fixtures';
import type { LineDetails, LineRows, ShiftUtilization } from './today-api';
import { TODAY_REFRESH_MS } from './today-api';

vi.mock('./use-live-socket', () => ({ useLiveSocket: () => ({ online: true, settled: true }) }));

const DAY = { fromDateTime: '2026-11-23T23:00:00Z', toDateTime: '2026-11-24T23:00:00Z' };
const figures = (actualKg: number, batches: number) => ({
  batches,
  aborted: 0,
  targetKg: batches * 1000,
  doses: batches * 3,
  setpointKg: actualKg,
  actualKg,
  deviationKg: 0,
  deviationPct: 0,
  outOfTolerance: 0,
  outOfTolerancePct: 0,
  sharePct: 100,
  meanKg: 0,
  meanDeviationKg: 0,
  stdDevKg: 0,
});
const states = { runningS: 5400, idleS: 1800, stoppedS: 600, faultS: 125, unknownS: 0, elapsedS: 7925, downtimeS: 725, uptimePct: 68.14 };
const idle = { runningS: 0, idleS: 3600, stoppedS: 0, faultS: 0, unknownS: 0, elapsedS: 3600, downtimeS: 0, uptimePct: 0 };

const details = (kg = 12345.6): LineDetails[] => [
  {
    lineId: 'L1',
    lineName: 'Line 1',
    ...DAY,
    figures: figures(kg, 12),
    states,
    stops: { stops: 4, durationS: 725, unqualified: 1, unqualifiedS: 125, plannedS: 0, unplannedS: 725 },
    topStops: [
      { key: 'R1', code: 'SR-BLOCKAGE', name: 'Conveyor blocked', groupName: 'Mechanical', stops: 3, durationS: 600, sharePct: 82.8, cumulativePct: 82.8 },
      { key: '', code: null, name: 'Unqualified', groupName: null, stops: 1, durationS: 125, sharePct: 17.2, cumulativePct: 100 },
    ],
  },
  { lineId: 'L2', lineName: 'Line 2', ...DAY, figures: figures(0, 0), states: idle, stops: { stops: 0, durationS: 0, unqualified: 0, unqualifiedS: 0, plannedS: 0, unplannedS: 0 }, topStops: [] },
];

const shifts: LineRows[] = [
  {
    lineId: 'L1',
    lineName: 'Line 1',
    ...DAY,
    rows: [
      { key: 'S1', name: 'Morning', lineId: 'L1', from: '2026-11-24T05:00:00Z', to: '2026-11-24T13:00:00Z', figures: figures(10000.4, 10) },
      { key: '', name: 'Outside shifts', lineId: 'L1', from: DAY.fromDateTime, to: DAY.toDateTime, figures: figures(2345.2, 2) },
    ],
    totals: figures(12345.6, 12),
  },
];

const utilization: ShiftUtilization[] = [
  { lineId: 'L1', lineName: 'Line 1', shiftId: 'S1', shiftName: 'Morning', from: '2026-11-24T05:00:00Z', to: '2026-11-24T13:00:00Z', states: { ...states, uptimePct: 75 }, batches: 10, actualKg: 10000.4, kgPerHour: 6666.9 },
];

const routes = (detailsReply: Reply = ok(details())) => ({
  'POST /api/dashboard/reportdashboarddetails': detailsReply,
  'POST /api/dashboard/reportdashboardbyshifts': ok(shifts),
  'POST /api/dashboard/shiftwiseutilization': ok(utilization),
  'POST /api/dashboard/oee': ok(oeeToday()),
});

function liveLine(lineId: string) {
  return { lineId, openAlarms: 0, progress: 0, state: 'RUNNING' as const, tonnesToday: 1, updatedAt: new Date().toISOString() };
}

const show = () => renderAt('/dashboard', [{ path: '/dashboard', element: <DashboardPage /> }]);

describe('the dashboard’s Today figures', () => {
  beforeEach(() => {
    const zone = 'Europe/Amsterdam';
    localStorage.setItem('lines', JSON.stringify([{ _id: 'L1', name: 'Line 1', timezone: zone }, { _id: 'L2', name: 'Line 2', timezone: zone }, { _id: 'L3', name: 'Line 3', timezone: zone }]));
    useSession.setState({ role: 'PRIVILEGE', privileges: [], token: null });
    useLive.setState({ ...emptyLive(), lines: { L1: liveLine('L1'), L2: liveLine('L2'), L3: liveLine('L3') } });
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows each line’s production, uptime, shifts and top stop reasons under its live tile, asking each call once for every line', async () => {
    const api = fakeApi(routes());
    show();
    const today = await screen.findByTestId('today-L1');
    expect(within(screen.getByTestId('line-tile-L1')).getByRole('heading', { level: 3, name: 'Today' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('today-kg-L1')).toHaveTextContent('12,346 kg'));
    expect(screen.getByTestId('today-batches-L1')).toHaveTextContent('12');
    expect(screen.getByTestId('today-uptime-L1')).toHaveTextContent('Uptime 68.1%');
    const times = within(screen.getByTestId('today-states-L1'));
    expect(times.getByTestId('today-state-RUNNING')).toHaveTextContent('Running 1:30:00');
    expect(times.getByTestId('today-state-STOPPED')).toHaveTextContent('Stopped 0:10:00');
    expect(times.getByTestId('today-state-FAULT')).toHaveTextContent('Fault 0:02:05');
    expect(times.queryByTestId('today-state-UNKNOWN')).toBeNull();

    const table = within(today).getByRole('table', { name: 'Production by shift' });
    const [morning, outside] = within(table).getAllByRole('row').slice(1);
    // 05:00–13:00 UTC in the line's zone (Amsterdam), on the 24-hour clock.
    expect(within(morning).getByRole('rowheader')).toHaveTextContent(/^Morning06:00–14:00$/);
    expect(within(morning).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10', '10,000', '75%', '6,667']);
    expect(within(outside).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '2,345', '—', '—']);
    expect(within(screen.getByTestId('today-stops-L1')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'SR-BLOCKAGE · Conveyor blocked: 3 stops, 0:10:00',
      'Unqualified: 1 stop, 0:02:05',
    ]);

    // A line that made nothing yet, and one the api does not know.
    expect(screen.getByTestId('today-empty-L2')).toHaveTextContent('No production today yet');
    expect(screen.getByTestId('today-uptime-L2')).toHaveTextContent('Uptime 0%');
    expect(within(screen.getByTestId('today-stops-L2')).getByText('No stops today')).toBeInTheDocument();
    expect(screen.getByTestId('today-empty-L3')).toHaveTextContent('No production today yet');

    for (const path of ['/api/dashboard/reportdashboarddetails', '/api/dashboard/reportdashboardbyshifts', '/api/dashboard/shiftwiseutilization', '/api/dashboard/oee']) {
      expect(api.sent('POST', path)).toHaveLength(1);
      expect(api.sent('POST', path)[0].body).toEqual({});
    }
  });

  it('shows each line’s OEE so far with availability, performance and quality beneath, and why one is not measurable', async () => {
    fakeApi(routes());
    show();
    // Line 1: 80% × 90% × 97.5%.
    await waitFor(() => expect(screen.getByTestId('today-oee-value-L1')).toHaveTextContent('70.2%'));
    const l1 = within(screen.getByTestId('today-oee-L1'));
    expect(l1.getByText('OEE')).toBeInTheDocument();
    expect(screen.getByTestId('today-oee-availability-L1')).toHaveTextContent(/^AAvailability 80\.0%$/);
    expect(screen.getByTestId('today-oee-performance-L1')).toHaveTextContent('90.0%');
    expect(screen.getByTestId('today-oee-quality-L1')).toHaveTextContent('97.5%');
    expect(l1.getByText('A')).toHaveAttribute('title', 'Availability');
    expect(screen.queryByTestId('today-oee-reason-L1')).toBeNull();

    // Line 2 reports no states and made 500 kg of a recipe without an ideal rate.
    expect(screen.getByTestId('today-oee-value-L2')).toHaveTextContent('—');
    expect(screen.getByTestId('today-oee-reason-L2')).toHaveTextContent('The line reports no states');
    const availability = screen.getByTestId('today-oee-availability-L2');
    expect(within(availability).getByTitle('The line reports no states')).toHaveTextContent('The line reports no states');
    expect(within(screen.getByTestId('today-oee-performance-L2')).getByTitle('No ideal rate for 500 kg')).toBeInTheDocument();
    expect(screen.getByTestId('today-oee-quality-L2')).toHaveTextContent('100.0%');
    // A line the api does not know: no OEE.
    expect(screen.queryByTestId('today-oee-L3')).toBeNull();
  });

  it('asks again every minute and keeps the figures shown meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let release: () => void = () => {};
    const later = new Promise<void>((r) => (release = r));
    const api = fakeApi(routes((_call, nth) => ok(details(nth === 0 ? 12345.6 : 13000))));
    // The second answer waits until released: the first figures stay on screen meanwhile.
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: Request) => {
      if (input.url.endsWith('/reportdashboarddetails') && api.sent('POST', '/api/dashboard/reportdashboarddetails').length >= 1) await later;
      return fetch(input);
    });
    show();
    await waitFor(() => expect(screen.getByTestId('today-kg-L1')).toHaveTextContent('12,346 kg'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TODAY_REFRESH_MS);
    });
    await waitFor(() => expect(screen.getByTestId('today-L1')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByTestId('today-kg-L1')).toHaveTextContent('12,346 kg');
    release();
    await waitFor(() => expect(screen.getByTestId('today-kg-L1')).toHaveTextContent('13,000 kg'));
    expect(api.sent('POST', '/api/dashboard/reportdashboarddetails')).toHaveLength(2);
  });
});
