import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/providers';
import { emptyLive, useLive } from '@/lib/live/live-store';
import { useSession } from '@/lib/session-store';
import { failed, fakeApi, ok } from '@/test/fake-api';
import { renderAt } from '@/test/render';
import AlarmsScreen from '../screens/alarms-screen';
import { alarmsDelta, alarmsSnapshot, DOOR, DRIVE, liveAlarm, TEMP } from '../testing/fixtures';
import { SOUND_KEY } from './alarm-console';

const show = (path = '/alarms') =>
  renderAt(path, [
    { path: '/alarms', element: <AlarmsScreen /> },
    { path: '/alarms/:lineId', element: <AlarmsScreen /> },
  ]);

const rowOf = (code: string) => screen.getAllByTestId('alarm-row').find((r) => r.dataset.key?.endsWith(`|${code}`))!;
const codes = () => screen.getAllByTestId('alarm-row').map((r) => r.dataset.key?.split('|')[1]);

describe('the alarm console', () => {
  beforeEach(() => {
    localStorage.setItem('lines', JSON.stringify([{ _id: 'L1', name: 'Line 1', timezone: 'UTC' }, { _id: 'L2', name: 'Line 2', timezone: 'UTC' }]));
    useSession.setState({ role: '_SUPER', privileges: [], token: null });
    useLive.setState(emptyLive());
  });
  afterEach(() => {
    useLive.setState(emptyLive());
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('lists the points critical first, shelved last, with their state in words and plant time', async () => {
    const api = fakeApi({ 'GET /api/alarms/active': ok([TEMP, DOOR, DRIVE]) });
    show();
    await screen.findAllByTestId('alarm-row');
    expect(codes()).toEqual(['E_DRIVE', 'MIXER_TEMP_HIGH', 'DOOR_OPEN']);
    expect(api.sent('GET', '/api/alarms/active')[0].query).toEqual({});
    expect(screen.getByTestId('alarm-table-caption')).toHaveTextContent('All lines: 3 alarm points');
    expect(screen.getByRole('button', { name: 'Sort by Raised (UTC)' })).toBeInTheDocument();

    const drive = rowOf('E_DRIVE');
    expect(within(drive).getByText('Critical')).toBeInTheDocument();
    expect(drive).toHaveTextContent('Line 2');
    expect(drive).toHaveTextContent('Mixer drive fault');
    expect(drive).toHaveTextContent('Stops the line');
    expect(drive).toHaveTextContent('10:00:00');
    expect(within(drive).getByTestId('alarm-state')).toHaveTextContent('Returned');
    expect(within(drive).getByTestId('alarm-acked')).toHaveTextContent('Acknowledged at the controller');
    // Its comment button says how many there are.
    expect(within(drive).getByRole('button', { name: 'Comment on E_DRIVE on Line 2' })).toHaveTextContent('Comment (1)');

    const temp = rowOf('MIXER_TEMP_HIGH');
    expect(within(temp).getByTestId('alarm-state')).toHaveTextContent('Active');
    expect(within(temp).getByTestId('alarm-unacknowledged')).toHaveTextContent('Unacknowledged (3)');
    expect(temp).toHaveTextContent('L1-261124-0042');

    const door = rowOf('DOOR_OPEN');
    expect(within(door).getByTestId('alarm-shelf')).toHaveTextContent('Shelved until 12:00 by bert@plant.test: Maintenance');
    expect(within(door).getByRole('button', { name: 'Unshelve DOOR_OPEN on Line 1' })).toBeInTheDocument();
  });

  it('filters by text and sorts by a column: ascending, descending, then the server\'s order', async () => {
    fakeApi({ 'GET /api/alarms/active': ok([DRIVE, TEMP, DOOR]) });
    const user = userEvent.setup();
    show();
    await screen.findAllByTestId('alarm-row');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'drive');
    await waitFor(() => expect(codes()).toEqual(['E_DRIVE']));
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await waitFor(() => expect(codes()).toEqual(['E_DRIVE', 'MIXER_TEMP_HIGH', 'DOOR_OPEN']));

    const byCode = screen.getByRole('button', { name: 'Sort by Code' });
    await user.click(byCode);
    expect(codes()).toEqual(['DOOR_OPEN', 'E_DRIVE', 'MIXER_TEMP_HIGH']);
    expect(byCode.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(byCode);
    expect(codes()).toEqual(['MIXER_TEMP_HIGH', 'E_DRIVE', 'DOOR_OPEN']);
    await user.click(byCode);
    expect(codes()).toEqual(['E_DRIVE', 'MIXER_TEMP_HIGH', 'DOOR_OPEN']);
  });

  it('takes the state and severity filters from the address', async () => {
    fakeApi({ 'GET /api/alarms/active': ok([DRIVE, TEMP, DOOR]) });
    show('/alarms?state=unacknowledged&severity=WARNING');
    await screen.findAllByTestId('alarm-row');
    expect(codes()).toEqual(['MIXER_TEMP_HIGH']);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Unacknowledged');
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('Warning');
  });

  it('gives a reader (ALARM_READ only) no action, but the comments to read', async () => {
    useSession.setState({ role: 'PRIVILEGE', privileges: ['ALARM_READ'] });
    fakeApi({ 'GET /api/alarms/active': ok([TEMP, DRIVE, DOOR]) });
    const user = userEvent.setup();
    show();
    await screen.findAllByTestId('alarm-row');
    expect(screen.queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Shelve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Unshelve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Comment on/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('ack-selected')).toBeNull();

    await user.click(screen.getByRole('button', { name: '1 comment on E_DRIVE on Line 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments on E_DRIVE on Line 2' });
    expect(within(dialog).getByTestId('alarm-comments')).toHaveTextContent('Drive reset');
    expect(within(dialog).getByTestId('alarm-comments')).toHaveTextContent('anna@plant.test');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });

  it("acknowledges the selected points by their ids and shows the server's message", async () => {
    const other = { ...TEMP, id: '0193a4b2-0000-7000-8000-000000000009', code: 'BIN_LOW', severity: 'INFO' as const, unacknowledged: 1 };
    const api = fakeApi({
      'GET /api/alarms/active': ok([TEMP, DRIVE, other]),
      'POST /api/alarms/ack': ok({ acknowledged: [], occurrences: 4 }, 'Alarms acknowledged: 4'),
    });
    const user = userEvent.setup();
    show();
    await screen.findAllByTestId('alarm-row');
    expect(screen.getByTestId('ack-selected')).toBeDisabled();
    // An acknowledged point has nothing to acknowledge.
    expect(screen.getByRole('checkbox', { name: 'Select E_DRIVE on Line 2' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select MIXER_TEMP_HIGH on Line 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select BIN_LOW on Line 1' }));
    expect(screen.getByTestId('ack-selected')).toHaveTextContent('Acknowledge selected (2)');
    await user.click(screen.getByTestId('ack-selected'));
    expect(await screen.findByText('Alarms acknowledged: 4')).toBeInTheDocument();
    expect(api.sent('POST', '/api/alarms/ack')[0].body).toEqual({ ids: [TEMP.id, other.id] });
    // The list is asked again, and the choice is cleared.
    await waitFor(() => expect(api.sent('GET', '/api/alarms/active').length).toBeGreaterThan(1));
    expect(screen.getByTestId('ack-selected')).toHaveTextContent('Acknowledge selected (0)');
  });

  it('on one line, asks for its points and acknowledges every one of them by the line', async () => {
    const api = fakeApi({
      'GET /api/alarms/active': ok([TEMP]),
      'POST /api/alarms/ack': ok({ acknowledged: [], occurrences: 3 }, 'Alarms acknowledged: 3'),
    });
    const user = userEvent.setup();
    show('/alarms/L1');
    await screen.findAllByTestId('alarm-row');
    expect(api.sent('GET', '/api/alarms/active')[0].query).toEqual({ lineId: 'L1' });
    expect(screen.getByTestId('alarm-table-caption')).toHaveTextContent('Line 1: 1 alarm point');
    await user.click(screen.getByRole('button', { name: 'Acknowledge all of Line 1' }));
    expect(await screen.findByText('Alarms acknowledged: 3')).toBeInTheDocument();
    expect(api.sent('POST', '/api/alarms/ack')[0].body).toEqual({ lineId: 'L1' });
  });

  it("shows the server's field error for the reason in the shelve dialog", async () => {
    const api = fakeApi({
      'GET /api/alarms/active': ok([TEMP]),
      'POST /api/alarms/shelve': failed(400, 'Check the fields', { reason: 'At most 200 characters' }),
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Shelve MIXER_TEMP_HIGH on Line 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shelve MIXER_TEMP_HIGH on Line 1' });
    // The reason is asked for before anything is sent.
    await user.click(within(dialog).getByTestId('confirm-shelve'));
    expect(await within(dialog).findByText('Give the reason for shelving')).toBeInTheDocument();
    expect(api.sent('POST', '/api/alarms/shelve')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Sensor replaced next week');
    await user.click(within(dialog).getByTestId('confirm-shelve'));
    expect(await within(dialog).findByText('At most 200 characters')).toBeInTheDocument();
    expect(api.sent('POST', '/api/alarms/shelve')[0].body).toEqual({ id: TEMP.id, minutes: 60, reason: 'Sensor replaced next week' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("unshelves a point and says the server's refusal", async () => {
    fakeApi({ 'GET /api/alarms/active': ok([DOOR]), 'POST /api/alarms/unshelve': failed(409, 'This alarm is not shelved') });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Unshelve DOOR_OPEN on Line 1' }));
    expect(await screen.findByText('This alarm is not shelved')).toBeInTheDocument();
  });

  it('adds a comment to a point', async () => {
    const api = fakeApi({ 'GET /api/alarms/active': ok([TEMP]), 'POST /api/alarms/comment': ok(TEMP, 'Comment added to alarm MIXER_TEMP_HIGH') });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Comment on MIXER_TEMP_HIGH on Line 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments on MIXER_TEMP_HIGH on Line 1' });
    expect(within(dialog).getByTestId('alarm-no-comments')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Your comment/ }), 'Cooling water checked');
    await user.click(within(dialog).getByTestId('confirm-comment'));
    expect(await screen.findByText('Comment added to alarm MIXER_TEMP_HIGH')).toBeInTheDocument();
    expect(api.sent('POST', '/api/alarms/comment')[0].body).toEqual({ id: TEMP.id, text: 'Cooling water checked' });
  });

  it('follows the live feed: a CLEARED delta removes its row, a new raise is announced', async () => {
    fakeApi({ 'GET /api/alarms/active': ok([TEMP, DRIVE]) });
    useLive.getState().apply(alarmsSnapshot([liveAlarm(TEMP), liveAlarm(DRIVE)]));
    show();
    await waitFor(() => expect(codes()).toEqual(['E_DRIVE', 'MIXER_TEMP_HIGH']));
    // The live point with the api's configured text.
    await waitFor(() => expect(rowOf('MIXER_TEMP_HIGH')).toHaveTextContent('Mixer temperature high'));

    act(() => useLive.getState().apply(alarmsDelta(2, liveAlarm(DRIVE, { state: 'CLEARED' }))));
    await waitFor(() => expect(codes()).toEqual(['MIXER_TEMP_HIGH']));

    const raised = liveAlarm({ ...TEMP, id: '0193a4b2-0000-7000-8000-000000000010', code: 'E_STOP', severity: 'CRITICAL', lineId: 'L2', message: 'Emergency stop' });
    act(() => useLive.getState().apply(alarmsDelta(3, raised)));
    await waitFor(() => expect(codes()).toEqual(['E_STOP', 'MIXER_TEMP_HIGH']));
    expect(rowOf('E_STOP')).toHaveTextContent('Emergency stop');
    expect(screen.getByTestId('alarm-announcer')).toHaveTextContent('New alarm: E_STOP on Line 2.');
  });

  it('beeps for a new critical alarm when the sound is switched on, not for a warning', async () => {
    const started: number[] = [];
    class FakeAudio {
      state = 'running';
      currentTime = 0;
      destination = {};
      createGain = () => ({ gain: { value: 0 }, connect: () => undefined });
      createOscillator = () => ({ type: '', frequency: { value: 0 }, connect: () => undefined, start: (at: number) => started.push(at), stop: () => undefined });
      resume = () => Promise.resolve();
    }
    vi.stubGlobal('AudioContext', FakeAudio);
    localStorage.setItem(SOUND_KEY, 'true');
    fakeApi({ 'GET /api/alarms/active': ok([TEMP]) });
    useLive.getState().apply(alarmsSnapshot([liveAlarm(TEMP)]));
    show();
    expect(await screen.findByRole('switch', { name: 'Sound for new critical alarms' })).toBeChecked();
    await screen.findAllByTestId('alarm-row');

    act(() => useLive.getState().apply(alarmsDelta(2, liveAlarm({ ...TEMP, id: '0193a4b2-0000-7000-8000-000000000011', code: 'BIN_LOW' }))));
    await waitFor(() => expect(screen.getByTestId('alarm-announcer')).toHaveTextContent('New alarm: BIN_LOW on Line 1.'));
    expect(started).toHaveLength(0);
    act(() => useLive.getState().apply(alarmsDelta(3, liveAlarm({ ...TEMP, id: '0193a4b2-0000-7000-8000-000000000012', code: 'E_STOP', severity: 'CRITICAL' }))));
    await waitFor(() => expect(started.length).toBeGreaterThan(0));
  });

  it('remembers the sound switch in the browser, off at first', async () => {
    fakeApi({ 'GET /api/alarms/active': ok([]) });
    const user = userEvent.setup();
    const first = show();
    const sound = await screen.findByRole('switch', { name: 'Sound for new critical alarms' });
    expect(sound).not.toBeChecked();
    await user.click(sound);
    expect(sound).toBeChecked();
    expect(localStorage.getItem(SOUND_KEY)).toBe('true');
    first.unmount();
    show();
    expect(await screen.findByRole('switch', { name: 'Sound for new critical alarms' })).toBeChecked();
    expect(await screen.findByTestId('alarm-empty')).toHaveTextContent('No alarm is active, unacknowledged or shelved.');
  });
});
