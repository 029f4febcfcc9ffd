import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/providers';
import { emptyLive, useLive } from '@/lib/live/live-store';
import { useSession } from '@/lib/session-store';
import { fakeApi, ok } from '@/test/fake-api';
import { renderAt } from '@/test/render';
import { alarmsSnapshot, DRIVE, liveAlarm, TEMP } from '../testing/fixtures';
import { LineAlarms } from './line-alarms';

const show = () => renderAt('/', [{ path: '/', element: <LineAlarms lineId="L1" fallback={[liveAlarm(TEMP)]} /> }]);

describe("a line's alarms on the realtime diagnostics screen", () => {
  beforeEach(() => {
    localStorage.setItem('lines', JSON.stringify([{ _id: 'L1', name: 'Line 1', timezone: 'UTC' }, { _id: 'L2', name: 'Line 2', timezone: 'UTC' }]));
    useLive.setState(emptyLive());
  });
  afterEach(() => {
    useLive.setState(emptyLive());
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("shows the line's live points with the api's texts and each one's actions", async () => {
    useSession.setState({ role: 'PRIVILEGE', privileges: ['ALARM_UPDATE'], token: null });
    const api = fakeApi({ 'GET /api/alarms/active': ok([TEMP]) });
    useLive.getState().apply(alarmsSnapshot([liveAlarm(TEMP), liveAlarm(DRIVE)]));
    show();
    const table = await screen.findByTestId('line-alarm-table');
    await waitFor(() => expect(within(table).getByTestId('alarm-row')).toHaveTextContent('Mixer temperature high'));
    expect(within(table).getAllByTestId('alarm-row')).toHaveLength(1);
    expect(within(table).queryByRole('columnheader', { name: 'Line' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Acknowledge MIXER_TEMP_HIGH on Line 1' })).toBeInTheDocument();
    expect(api.sent('GET', '/api/alarms/active')[0].query).toEqual({ lineId: 'L1' });
  });

  it('shows a report reader without an alarm privilege the raised messages, without actions or api calls', async () => {
    useSession.setState({ role: 'PRIVILEGE', privileges: ['REPORTS_READ'], token: null });
    const api = fakeApi({});
    show();
    const table = await screen.findByTestId('line-alarm-table');
    expect(within(table).getByTestId('alarm-row')).toHaveTextContent('MIXER_TEMP_HIGH raised');
    expect(within(table).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(api.calls.filter((c) => c.path.startsWith('/api/alarms'))).toEqual([]);
  });
});
