import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/app/providers';
import { emptyLive, useLive } from '@/lib/live/live-store';
import type { LiveEvent, LoggedEvent } from '@/lib/live/protocol';
import { useLocale } from '@/lib/locale-store';
import { useSession } from '@/lib/session-store';
import { fakeApi, ok } from '@/test/fake-api';
import { renderAt } from '@/test/render';
import DashboardPage from './dashboard-page';
import { EVENTS_SHOWN, PlantEvents } from './plant-events';

const alarm = (state: 'RAISED' | 'CLEARED' | 'ACKED', time: string): LiveEvent => ({
  kind: 'alarm',
  lineId: 'L1',
  alarm: { id: '0190c0de-0000-7000-8000-000000000001', time, code: 'MIXER_OVERLOAD', severity: 'CRITICAL', message: 'Mixer motor overload', state, batchId: 'L1-7' },
});

const batch = (event: 'STARTED' | 'ENDED', time: string, extra: { actualKg?: number | null; status?: 'RUNNING' | 'COMPLETE' | 'ABORTED' } = {}): LiveEvent => ({
  kind: 'batch',
  lineId: 'L1',
  batch: {
    id: '0190c0de-0000-7000-8000-000000000002',
    time,
    event,
    batchId: 'L1-7',
    recipeId: 'R1',
    recipeName: 'Layer mash',
    recipeVersion: 3,
    targetKg: 2000,
    status: event === 'STARTED' ? 'RUNNING' : 'COMPLETE',
    ...extra,
  },
});

const spc: LiveEvent = {
  kind: 'spc',
  violation: {
    setId: 'S1',
    setName: 'Maize dosing',
    subject: 'DOSING_ERROR',
    code: 'CORN',
    lineId: 'L2',
    batchId: 'L2-3',
    pointAt: '2026-11-24T10:05:00Z',
    pointSeq: 0,
    value: 1.2,
    rule: 'WE1',
    center: 0,
    sigma: 0.2,
    detectedAt: '2026-11-24T10:05:01Z',
  },
};

const connection: LiveEvent = {
  kind: 'connection',
  connectionId: '0190c0de-0000-7000-8000-000000000003',
  lineId: 'L9',
  name: 'PLC-1',
  state: 'DISCONNECTED',
  since: '2026-11-24T10:06:02Z',
};

const logged = (events: LiveEvent[]): LoggedEvent[] => events.map((event, i) => ({ position: { epoch: 'E1', offset: i + 1 }, event }));

const EVENTS = logged([
  alarm('RAISED', '2026-11-24T10:00:00Z'),
  batch('STARTED', '2026-11-24T10:00:01Z'),
  alarm('ACKED', '2026-11-24T10:00:02Z'),
  alarm('CLEARED', '2026-11-24T10:00:03Z'),
  batch('ENDED', '2026-11-24T10:04:00Z', { actualKg: 1998.54 }),
  spc,
  connection,
]);

const NAMES = { L1: 'Line 1', L2: 'Line 2' };

const show = () => renderAt('/events', [{ path: '/events', element: <PlantEvents names={NAMES} /> }]);
const rows = () => within(screen.getByTestId('plant-events')).getAllByTestId('plant-event');
const texts = () => rows().map((r) => [within(r).getByTestId('plant-event-time').textContent, within(r).getByTestId('plant-event-line').textContent, r.getAttribute('data-kind'), within(r).getByTestId('plant-event-text').textContent]);

describe('the plant events panel', () => {
  beforeEach(() => {
    // Line 1 in UTC, line 2 in Amsterdam (UTC+1 in November): each row in its line's plant time.
    localStorage.setItem('lines', JSON.stringify([{ _id: 'L1', name: 'Line 1', timezone: 'UTC' }, { _id: 'L2', name: 'Line 2', timezone: 'Europe/Amsterdam' }]));
    useLive.setState({ ...emptyLive() });
  });
  afterEach(() => {
    useLive.setState({ ...emptyLive() });
    queryClient.clear();
  });

  it('says so when no event came yet', () => {
    show();
    const panel = screen.getByRole('region', { name: 'Plant events' });
    expect(panel).toHaveAttribute('data-testid', 'plant-events');
    expect(within(panel).getByTestId('plant-events-none')).toHaveTextContent('No events yet');
    expect(within(panel).queryByRole('list')).toBeNull();
  });

  it('lists every kind of event newest first, each as a sentence with its time, line and kind', () => {
    useLive.setState({ events: EVENTS, eventsPosition: EVENTS.at(-1)!.position });
    show();
    const panel = screen.getByRole('region', { name: 'Plant events' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'Plant events' })).toBeInTheDocument();
    const list = within(panel).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('listitem')).toHaveLength(EVENTS.length);
    expect(texts()).toEqual([
      // A line no name is known for shows its id.
      ['10:06:02', 'L9', 'connection', 'Connection PLC-1: disconnected'],
      ['11:05:01', 'Line 2', 'spc', 'SPC: rule WE1 broken on Maize dosing (batch L2-3)'],
      ['10:04:00', 'Line 1', 'batch', 'Batch L1-7 ended: 1,998.5 kg'],
      ['10:00:03', 'Line 1', 'alarm', 'Alarm cleared: Mixer motor overload (MIXER_OVERLOAD, critical)'],
      ['10:00:02', 'Line 1', 'alarm', 'Alarm acknowledged: Mixer motor overload (MIXER_OVERLOAD, critical)'],
      ['10:00:01', 'Line 1', 'batch', 'Batch L1-7 started: Layer mash'],
      ['10:00:00', 'Line 1', 'alarm', 'Alarm raised: Mixer motor overload (MIXER_OVERLOAD, critical)'],
    ]);
    expect(rows().map((r) => within(r).getByText(/^(Alarm|Batch|SPC|Connection)$/).textContent)).toEqual(['Connection', 'SPC', 'Batch', 'Alarm', 'Alarm', 'Batch', 'Alarm']);
    expect(within(rows()[1]).getByTestId('plant-event-time')).toHaveAttribute('dateTime', '2026-11-24T10:05:01Z');
  });

  it('says when a batch was aborted, and an end without a weight', () => {
    useLive.setState({
      events: logged([batch('ENDED', '2026-11-24T10:04:00Z', { actualKg: 512, status: 'ABORTED' }), batch('ENDED', '2026-11-24T10:05:00Z', { actualKg: null })]),
    });
    show();
    expect(texts().map((t) => t[3])).toEqual(['Batch L1-7 ended', 'Batch L1-7 aborted: 512.0 kg']);
  });

  it(`shows the newest ${EVENTS_SHOWN} only`, () => {
    const many = logged(Array.from({ length: EVENTS_SHOWN + 10 }, (_, i) => ({ ...connection, name: `PLC-${i}` })));
    useLive.setState({ events: many });
    show();
    expect(rows()).toHaveLength(EVENTS_SHOWN);
    expect(texts()[0][3]).toBe(`Connection PLC-${EVENTS_SHOWN + 9}: disconnected`);
    expect(texts().at(-1)?.[3]).toBe('Connection PLC-10: disconnected');
  });

  it('shows a new event as it comes', () => {
    show();
    act(() => useLive.getState().apply({ topic: 'events', kind: 'delta', seq: 1, data: EVENTS[0] }));
    expect(texts()).toEqual([['10:00:00', 'Line 1', 'alarm', 'Alarm raised: Mixer motor overload (MIXER_OVERLOAD, critical)']]);
  });

  it('reads in the user’s language, numbers too', () => {
    useLive.setState({ events: EVENTS });
    show();
    act(() => useLocale.getState().setLocale('de'));
    expect(within(screen.getByTestId('plant-events')).getByRole('heading', { level: 2 })).toHaveTextContent('Anlagenereignisse');
    expect(texts().map((t) => t[3])).toEqual([
      'Verbindung PLC-1: getrennt',
      'SPC: Regel WE1 in Maize dosing verletzt (Charge L2-3)',
      'Charge L1-7 beendet: 1.998,5 kg',
      'Alarm behoben: Mixer motor overload (MIXER_OVERLOAD, kritisch)',
      'Alarm quittiert: Mixer motor overload (MIXER_OVERLOAD, kritisch)',
      'Charge L1-7 gestartet: Layer mash',
      'Alarm ausgelöst: Mixer motor overload (MIXER_OVERLOAD, kritisch)',
    ]);
    expect(rows().map((r) => within(r).getByText(/^(Alarm|Charge|SPC|Verbindung)$/).textContent)).toEqual(['Verbindung', 'SPC', 'Charge', 'Alarm', 'Alarm', 'Charge', 'Alarm']);
    act(() => useLocale.getState().setLocale('fr'));
    expect(texts()[2][3]).toMatch(/^Lot L1-7 terminé : 1\s998,5 kg$/);
    act(() => useLocale.getState().setLocale('en'));
  });
});

describe('the dashboard’s plant events', () => {
  beforeEach(() => {
    localStorage.setItem('lines', JSON.stringify([{ _id: 'L1', name: 'Line 1', timezone: 'UTC' }]));
    useSession.setState({ role: 'PRIVILEGE', privileges: [], token: null });
    useLive.setState({ ...emptyLive(), events: EVENTS });
    fakeApi({
      'GET /api/lines': ok([{ _id: 'L1', name: 'Line 1', timezone: 'UTC' }]),
      'POST /api/dashboard/reportdashboarddetails': ok([]),
      'POST /api/dashboard/reportdashboardbyshifts': ok([]),
      'POST /api/dashboard/shiftwiseutilization': ok([]),
      'POST /api/dashboard/oee': ok([]),
    });
  });
  afterEach(() => {
    useLive.setState({ ...emptyLive() });
    queryClient.clear();
  });

  it('shows them below the tiles', async () => {
    renderAt('/dashboard', [{ path: '/dashboard', element: <DashboardPage /> }]);
    const panel = await screen.findByTestId('plant-events');
    expect(within(panel).getAllByTestId('plant-event')).toHaveLength(EVENTS.length);
  });

  it('not on the wall display', async () => {
    renderAt('/dashboard?kiosk=1', [{ path: '/dashboard', element: <DashboardPage /> }]);
    await screen.findByTestId('wall');
    expect(screen.queryByTestId('plant-events')).toBeNull();
  });
});
