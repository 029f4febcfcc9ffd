import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok, type Reply } from '@/test/fake-api';
import { renderAt } from '@/test/render';
import ShiftLogEntryScreen from '../screens/shift-log-entry-screen';
import { ENTRY_ID, HANDED_ENTRY, HANDED_ID, OPEN_ENTRY } from '../testing/fixtures';
import { shiftLogScreens } from '../testing/screen-setup';

const show = (id = ENTRY_ID) => renderAt(`/shiftlog/${id}`, [{ path: '/shiftlog/:id', element: <ShiftLogEntryScreen /> }]);
const GET = `GET /api/shiftlogs/${ENTRY_ID}`;
const EDIT = `/api/shiftlogs/edit/${ENTRY_ID}`;
const HANDOVER = `/api/shiftlogs/handover/${ENTRY_ID}`;
const items = () => screen.getAllByTestId('shiftlog-item');
/** The entry with its handover open for an hour yet. */
const notYet = () => ({ ...OPEN_ENTRY, handoverFrom: new Date(Date.now() + 3_600_000).toISOString() });

describe('a shift log entry', () => {
  describe('for a user who may write', () => {
    const saved = shiftLogScreens('PRIVILEGE', ['SHIFTLOG_UPDATE']);

    it('shows the shift in plant time and the summary so far as cards, "—" where not measured, and the stop reasons', async () => {
      fakeApi({ [GET]: ok(OPEN_ENTRY) });
      show();
      expect(await screen.findByRole('heading', { level: 1, name: 'Line 1 · Early · Wed, Nov 25, 2026' })).toBeInTheDocument();
      expect(screen.getByTestId('shiftlog-entry-times')).toHaveTextContent('Shift time 06:00–14:00 (Europe/Amsterdam)');
      expect(screen.getByTestId('shiftlog-entry-written')).toHaveTextContent('Written by anna@plant.test, Nov 25, 2026, 06:10 · last changed by anna@plant.test, Nov 25, 2026, 10:00');
      expect(screen.getByTestId('shiftlog-summary-state')).toHaveTextContent('So far (counted 10:30)');
      expect(screen.getByTestId('shiftlog-card-tonnes-value')).toHaveTextContent('12.4 t');
      expect(screen.getByTestId('shiftlog-card-batches-value')).toHaveTextContent('13');
      expect(screen.getByTestId('shiftlog-card-batches-detail')).toHaveTextContent('1 aborted');
      expect(screen.getByTestId('shiftlog-card-stops-value')).toHaveTextContent('3');
      expect(screen.getByTestId('shiftlog-card-stops-detail')).toHaveTextContent('Stop time 0:42:05');
      expect(screen.getByTestId('shiftlog-card-alarms-value')).toHaveTextContent('7');
      expect(screen.getByTestId('shiftlog-card-alarms-detail')).toHaveTextContent('2 critical · 1 unacknowledged');
      expect(screen.getByTestId('shiftlog-card-oee-value')).toHaveTextContent('72.3%');
      expect(screen.getByTestId('shiftlog-card-oee-detail')).toHaveTextContent('Availability 80.0%Performance —Quality 91.9%');
      const stops = within(screen.getByRole('table', { name: 'Stop reasons' })).getAllByRole('row');
      expect(stops[1]).toHaveTextContent('Die change10:30:00');
      expect(stops[2]).toHaveTextContent('No reason given20:12:05');
    });

    it('saves the notes, and only them', async () => {
      const api = fakeApi({ [GET]: ok(OPEN_ENTRY), [`POST ${EDIT}`]: (call) => ok({ ...OPEN_ENTRY, notes: (call.body as { notes: string }).notes }, 'Shift log saved') });
      const user = userEvent.setup();
      show();
      const notes = await screen.findByRole('textbox', { name: 'Notes' });
      expect(notes).toHaveValue(OPEN_ENTRY.notes);
      expect(screen.getByTestId('shiftlog-notes-save')).toBeDisabled();
      await user.type(notes, '\nPellet quality fine after 08:00.');
      expect(screen.getByTestId('shiftlog-notes-unsaved')).toHaveTextContent('Unsaved changes');
      await user.click(screen.getByRole('button', { name: 'Save notes' }));
      expect(await screen.findByText('Shift log saved')).toBeInTheDocument();
      expect(api.sent('POST', EDIT)[0].body).toEqual({ notes: `${OPEN_ENTRY.notes}\nPellet quality fine after 08:00.` });
      await waitFor(() => expect(screen.getByTestId('shiftlog-notes-save')).toBeDisabled());
    });

    it('edits the open items from the keyboard — tick, reword, add, remove — and saves the list, the carried one marked', async () => {
      const api = fakeApi({ [GET]: ok(OPEN_ENTRY), [`POST ${EDIT}`]: ok(OPEN_ENTRY, 'Shift log saved') });
      const user = userEvent.setup();
      show();
      await screen.findByTestId('shiftlog-item-list');
      expect(within(items()[0]).getByTestId('shiftlog-item-carried')).toHaveTextContent('From the previous shift');
      expect(within(items()[1]).queryByTestId('shiftlog-item-carried')).toBeNull();
      expect(screen.getByTestId('shiftlog-items-count')).toHaveTextContent('2 open of 2');

      // Tick the second with the space bar.
      const second = screen.getByRole('checkbox', { name: 'Done: item 2, Check the die temperature sensor' });
      second.focus();
      await user.keyboard(' ');
      expect(second).toBeChecked();
      expect(screen.getByTestId('shiftlog-items-count')).toHaveTextContent('1 open of 2');
      // Reword the first.
      const first = screen.getByRole('textbox', { name: 'Text of item 1' });
      await user.clear(first);
      await user.type(first, 'Order a new door seal (mixer)');
      // Add one with Enter, and another that is then removed.
      const fresh = screen.getByRole('textbox', { name: 'New open item' });
      await user.type(fresh, 'Grease the bucket elevator{Enter}');
      await user.type(fresh, 'Typo{Enter}');
      expect(items()).toHaveLength(4);
      await user.click(screen.getByRole('button', { name: 'Remove item 4, Typo' }));
      expect(items()).toHaveLength(3);
      expect(fresh).toHaveFocus();

      await user.click(screen.getByRole('button', { name: 'Save open items' }));
      expect(await screen.findByText('Shift log saved')).toBeInTheDocument();
      expect(api.sent('POST', EDIT)[0].body).toEqual({
        openItems: [
          { id: 'I1', text: 'Order a new door seal (mixer)', done: false },
          { id: 'I2', text: 'Check the die temperature sensor', done: true },
          { text: 'Grease the bucket elevator', done: false },
        ],
      });
    });

    it("shows the server's error on the item it names", async () => {
      fakeApi({ [GET]: ok(OPEN_ENTRY), [`POST ${EDIT}`]: failed(400, 'Please fill in this field', { 'openItems[1].text': 'Please fill in this field' }) });
      const user = userEvent.setup();
      show();
      await user.clear(await screen.findByRole('textbox', { name: 'Text of item 2' }));
      await user.click(screen.getByRole('button', { name: 'Save open items' }));
      const input = screen.getByRole('textbox', { name: 'Text of item 2' });
      await waitFor(() => expect(input).toHaveAccessibleDescription('Please fill in this field'));
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('textbox', { name: 'Text of item 1' })).not.toHaveAttribute('aria-invalid', 'true');
    });

    it('keeps the handover closed until 30 minutes before the end, saying when it opens', async () => {
      fakeApi({ [GET]: ok(notYet()) });
      show();
      const take = await screen.findByRole('button', { name: 'Take handover' });
      expect(take).toBeDisabled();
      expect(take).toHaveAccessibleDescription(/^The handover opens at .+, 30 minutes before the shift ends\.$/);
    });

    it("shows the server's refusal of the handover, and takes it with a note: then everything is read-only", async () => {
      const answers: Reply = (_call, nth) =>
        nth === 0
          ? failed(409, "The next shift's operator takes the handover, not whoever wrote the entry")
          : ok({ ...HANDED_ENTRY, id: ENTRY_ID, handoverNote: 'All fine' }, 'Handover of Early taken');
      const api = fakeApi({ [GET]: ok(OPEN_ENTRY), [`POST ${HANDOVER}`]: answers });
      const user = userEvent.setup();
      show();
      const take = await screen.findByRole('button', { name: 'Take handover' });
      expect(take).toBeEnabled();
      await user.click(take);
      expect(await screen.findByTestId('shiftlog-handover-problem')).toHaveTextContent("The next shift's operator takes the handover, not whoever wrote the entry");
      expect(api.sent('POST', HANDOVER)[0].body).toEqual({ note: null });

      await user.type(screen.getByRole('textbox', { name: 'Handover note (optional)' }), 'All fine');
      await user.click(take);
      expect(await screen.findByText('Handover of Early taken')).toBeInTheDocument();
      expect(api.sent('POST', HANDOVER)[1].body).toEqual({ note: 'All fine' });
      expect(await screen.findByTestId('shiftlog-handover-by')).toHaveTextContent('Handover taken by bert@plant.test, Nov 25, 2026, 14:05');
      expect(screen.getByTestId('shiftlog-handover-note')).toHaveTextContent('Handover note: All fine');
      expect(screen.getByTestId('shiftlog-summary-state')).toHaveTextContent('As handed over');
      expect(screen.queryByRole('textbox', { name: 'Notes' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Save open items' })).toBeNull();
      expect(screen.queryByRole('checkbox')).toBeNull();
    });

    it('shows a handed-over entry read-only: notes as text, the items with their state, who took it', async () => {
      fakeApi({ [`GET /api/shiftlogs/${HANDED_ID}`]: ok(HANDED_ENTRY) });
      show(HANDED_ID);
      expect(await screen.findByTestId('shiftlog-notes-text')).toHaveTextContent('Cooler fan noisy');
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Take handover' })).toBeNull();
      expect(items()[0]).toHaveTextContent('Order a new door sealOpenFrom the previous shift');
      expect(items()[1]).toHaveTextContent('Check the die temperature sensorDone');
      expect(screen.getByTestId('shiftlog-summary-state')).toHaveTextContent('As handed over');
    });

    it('downloads the entry as a PDF', async () => {
      const api = fakeApi({ [GET]: ok(OPEN_ENTRY), 'POST /api/shiftlogs/generatePdf': { raw: '%PDF-1.7 shift log', type: 'application/pdf' } });
      const user = userEvent.setup();
      show();
      await user.click(await screen.findByRole('button', { name: 'Download this entry as PDF' }));
      await waitFor(() => expect(saved.files).toHaveLength(1));
      expect(api.sent('POST', '/api/shiftlogs/generatePdf')[0].body).toEqual({ id: ENTRY_ID });
      expect(saved.files[0].name).toBe('shift-log-Line_1-2026-11-25-Early.pdf');
      expect(saved.files[0].blob.type).toBe('application/pdf');
    });

    it("says the server's reason when the entry cannot be shown", async () => {
      fakeApi({ [GET]: failed(404, 'Shift log entry not found') });
      show();
      expect(await screen.findByTestId('shiftlog-problem')).toHaveTextContent('Shift log entry not found');
      expect(screen.getByRole('link', { name: 'Back to the shift log' })).toHaveAttribute('href', '/shiftlog');
    });
  });

  describe('for a reader', () => {
    shiftLogScreens('PRIVILEGE', ['SHIFTLOG_READ']);

    it('shows an open entry without anything to change or take', async () => {
      fakeApi({ [GET]: ok(OPEN_ENTRY) });
      show();
      expect(await screen.findByTestId('shiftlog-notes-text')).toHaveTextContent('Die of press 2 changed');
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('checkbox')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Take handover' })).toBeNull();
      expect(screen.getByTestId('shiftlog-handover')).toHaveTextContent('Open');
      expect(screen.getByRole('button', { name: 'Download this entry as PDF' })).toBeInTheDocument();
    });
  });
});
