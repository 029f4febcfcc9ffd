import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok, type Reply } from '@/test/fake-api';
import { LocationProbe, renderAt } from '@/test/render';
import ShiftLogScreen from '../screens/shift-log-screen';
import { ENTRY_ID, HANDED_ENTRY, NIGHT_ENTRY, OPEN_ENTRY, SHIFTS } from '../testing/fixtures';
import { shiftLogScreens } from '../testing/screen-setup';
import { defaultRange, formatDay, plantToday } from '../utils/dates';

const LIST = '/api/shiftlogs';

const show = (path = '/shiftlog') =>
  renderAt(path, [
    {
      path: '/shiftlog',
      element: (
        <>
          <ShiftLogScreen />
          <LocationProbe />
        </>
      ),
    },
    { path: '/shiftlog/:id', element: <LocationProbe /> },
  ]);

const rows = () => screen.getAllByTestId('shiftlog-row');
const rowOf = (id: string) => rows().find((r) => r.dataset.id === id)!;

describe('the shift log list', () => {
  describe('for a user who may write', () => {
    shiftLogScreens('PRIVILEGE', ['SHIFTLOG_UPDATE']);

    it('lists the last seven days of every line, each row in its line’s plant time, with handover and open items', async () => {
      const api = fakeApi({ [`GET ${LIST}`]: { ...ok([HANDED_ENTRY, NIGHT_ENTRY]), headers: { 'x-total-count': '2' } } });
      show();
      await screen.findByTestId('shiftlog-table');
      // The lines are in two zones: every line's range is in UTC.
      const range = defaultRange(new Date(), 'UTC');
      expect(api.sent('GET', LIST)[0].query).toEqual({ fromDateTime: range.from, toDateTime: range.to, page: '1', limit: '25' });
      expect(new Date(range.to).getTime() - new Date(range.from).getTime()).toBe(7 * 86_400_000);
      expect(screen.getByTestId('shiftlog-count')).toHaveTextContent('2 entries');
      // Rows in two zones: the header names none, each row its own.
      expect(screen.getByRole('columnheader', { name: 'Time' })).toBeInTheDocument();

      const handed = rowOf(HANDED_ENTRY.id);
      expect(within(handed).getByRole('link', { name: 'Wed, Nov 25, 2026: Early on Line 1' })).toHaveAttribute('href', `/shiftlog/${HANDED_ENTRY.id}`);
      expect(handed).toHaveTextContent('06:00–14:00Europe/Amsterdam');
      expect(handed).toHaveTextContent('anna@plant.test');
      expect(within(handed).getByTestId('handover-badge')).toHaveTextContent('Handed over');
      expect(within(handed).getByTestId('shiftlog-row-handover')).toHaveTextContent('taken by bert@plant.test, Nov 25, 2026, 14:05');
      expect(within(handed).getByTestId('shiftlog-row-items')).toHaveTextContent('1/2');
      expect(within(handed).getByTestId('shiftlog-row-items')).toHaveTextContent('1 open of 2');
      // The notes' first line.
      expect(within(handed).getByTestId('shiftlog-row-notes')).toHaveTextContent(/^Die of press 2 changed at 07:10\.$/);

      const night = rowOf(NIGHT_ENTRY.id);
      expect(night).toHaveTextContent('Tue, Nov 24, 2026');
      expect(night).toHaveTextContent('22:00–06:00UTC');
      expect(within(night).getByTestId('handover-badge')).toHaveTextContent('Open');
      expect(within(night).getByTestId('shiftlog-row-items')).toHaveTextContent('0/0');
      expect(within(night).getByTestId('shiftlog-row-notes')).toHaveTextContent('—');
    });

    it('opens an entry from its row', async () => {
      fakeApi({ [`GET ${LIST}`]: ok([OPEN_ENTRY]) });
      const user = userEvent.setup();
      show();
      await screen.findByTestId('shiftlog-table');
      await user.click(within(rowOf(ENTRY_ID)).getByText('anna@plant.test'));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/shiftlog/${ENTRY_ID}`));
    });

    it('narrows to one line (its zone in the header) and searches the words typed once typing pauses, in the URL', async () => {
      const api = fakeApi({ [`GET ${LIST}`]: ok([OPEN_ENTRY]) });
      const user = userEvent.setup();
      show();
      await screen.findByTestId('shiftlog-table');
      await user.click(screen.getByRole('combobox', { name: 'Line' }));
      await user.click(screen.getByRole('option', { name: 'Line 1' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('lineId=L1'));
      await waitFor(() => expect(api.sent('GET', LIST).some((c) => c.query.lineId === 'L1')).toBe(true));
      const amsterdam = defaultRange(new Date(), 'Europe/Amsterdam');
      expect(api.sent('GET', LIST).at(-1)?.query).toMatchObject({ lineId: 'L1', fromDateTime: amsterdam.from, toDateTime: amsterdam.to });
      expect(await screen.findByRole('columnheader', { name: 'Time (Europe/Amsterdam)' })).toBeInTheDocument();

      await user.type(screen.getByRole('searchbox', { name: /^Search/ }), 'door seal');
      await waitFor(() => expect(api.sent('GET', LIST).some((c) => c.query.search === 'door seal')).toBe(true));
      // Asked once the typing paused, not for every letter.
      expect(api.sent('GET', LIST).filter((c) => c.query.search).map((c) => c.query.search)).toEqual(['door seal']);
      expect(screen.getByTestId('location')).toHaveTextContent('q=door+seal');
    });

    it('says so when nothing matches the words', async () => {
      const api = fakeApi({ [`GET ${LIST}`]: ok([]) });
      show('/shiftlog?q=pellet');
      expect(await screen.findByTestId('shiftlog-empty')).toHaveTextContent('No entry matches the filters.');
      expect(api.sent('GET', LIST)[0].query.search).toBe('pellet');
    });

    it('says a backwards range on its end and asks nothing', async () => {
      const api = fakeApi({ [`GET ${LIST}`]: ok([]) });
      show('/shiftlog?from=2026-11-20T00:00:00Z&to=2026-11-10T00:00:00Z');
      expect(await screen.findByText('The end is before the start')).toBeInTheDocument();
      expect(api.sent('GET', LIST)).toHaveLength(0);
    });

    it("shows the server's refusal of the range on the field it names", async () => {
      fakeApi({ [`GET ${LIST}`]: failed(400, 'Invalid', { toDateTime: 'The range is longer than 400 days' }) });
      show('/shiftlog?from=2025-01-01T00:00:00Z&to=2026-11-10T00:00:00Z');
      expect(await screen.findByText('The range is longer than 400 days')).toBeInTheDocument();
    });

    it('pages by the total the server counts', async () => {
      const api = fakeApi({ [`GET ${LIST}`]: { ...ok([OPEN_ENTRY]), headers: { 'x-total-count': '60' } } });
      const user = userEvent.setup();
      show();
      await screen.findByTestId('shiftlog-table');
      expect(screen.getByTestId('shiftlog-count')).toHaveTextContent('60 entries');
      await user.click(screen.getByRole('button', { name: 'Page 3' }));
      await waitFor(() => expect(api.sent('GET', LIST).some((c) => c.query.page === '3')).toBe(true));
      expect(screen.getByTestId('location')).toHaveTextContent('page=3');
    });

    it("writes an entry: the line's shifts, today by default, the server's field errors on their fields, then the entry opens", async () => {
      let adds = 0;
      const add: Reply = () => {
        adds += 1;
        if (adds === 1) return failed(400, 'Invalid', { date: 'The Early shift does not work on 2026-11-28' });
        if (adds === 2) return failed(409, 'The Early shift of 2026-11-25 already has its log entry', { shiftId: 'The Early shift of 2026-11-25 already has its log entry' });
        return ok(OPEN_ENTRY, 'Shift log of Early written');
      };
      const api = fakeApi({ [`GET ${LIST}`]: ok([]), 'GET /api/shifts': ok(SHIFTS), 'POST /api/shiftlogs/add': add });
      const user = userEvent.setup();
      show();
      await user.click(await screen.findByRole('button', { name: 'Write shift log' }));
      const dialog = await screen.findByRole('dialog', { name: 'Write the log of a shift' });
      // The first line is chosen; its shifts are offered (not the inactive one).
      expect(within(dialog).getByRole('combobox', { name: /^Line/ })).toHaveValue('Line 1');
      await waitFor(() => expect(api.sent('GET', '/api/shifts')[0]?.query).toEqual({ lineId: 'L1' }));
      const today = plantToday(new Date(), 'Europe/Amsterdam');
      expect(within(dialog).getByRole('combobox', { name: /^Date/ })).toHaveValue(`Today · ${formatDay(today, 'en')}`);
      await user.click(within(dialog).getByRole('combobox', { name: /^Shift/ }));
      expect(screen.queryByRole('option', { name: /^Old/ })).toBeNull();
      await user.click(await screen.findByRole('option', { name: 'Early (06:00–14:00)' }));
      await user.type(within(dialog).getByRole('textbox', { name: /^Notes/ }), 'Die of press 2 changed');

      await user.click(within(dialog).getByTestId('confirm-shiftlog-new'));
      expect(await within(dialog).findByText('The Early shift does not work on 2026-11-28')).toBeInTheDocument();
      expect(api.sent('POST', '/api/shiftlogs/add')[0].body).toEqual({ lineId: 'L1', shiftId: 'S1', date: today, notes: 'Die of press 2 changed' });

      await user.click(within(dialog).getByTestId('confirm-shiftlog-new'));
      expect(await within(dialog).findByText('The Early shift of 2026-11-25 already has its log entry')).toBeInTheDocument();
      expect(within(dialog).queryByText('The Early shift does not work on 2026-11-28')).toBeNull();

      await user.click(within(dialog).getByTestId('confirm-shiftlog-new'));
      expect(await screen.findByText('Shift log of Early written')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/shiftlog/${ENTRY_ID}`));
    });

    it('says when the shifts of the line may not be read', async () => {
      fakeApi({ [`GET ${LIST}`]: ok([]), 'GET /api/shifts': failed(403, "The session's role or privileges do not allow this") });
      const user = userEvent.setup();
      show();
      await user.click(await screen.findByRole('button', { name: 'Write shift log' }));
      const dialog = await screen.findByRole('dialog', { name: 'Write the log of a shift' });
      expect(await within(dialog).findByText("The session's role or privileges do not allow this")).toBeInTheDocument();
    });
  });

  describe('for a reader', () => {
    shiftLogScreens('PRIVILEGE', ['SHIFTLOG_READ']);

    it('offers no way to write an entry', async () => {
      fakeApi({ [`GET ${LIST}`]: ok([OPEN_ENTRY]) });
      show();
      await screen.findByTestId('shiftlog-table');
      expect(screen.queryByRole('button', { name: 'Write shift log' })).toBeNull();
    });
  });
});
