import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fallbackRange } from '../../utils/dates';
import { LocationProbe, renderAt } from '@/test/render';
import ScheduleListScreen from '../../screens/list-screen';
import { failed, fakeApi, ok, type Reply } from '../../testing/fake-api';
import { AT_RISK, FLUSH, PLANNED, RUNNING, STATUSES } from '../../testing/fixtures';
import { signedIn } from '../../testing/screen-setup';

const LIST = '/api/productionschedules';

const routes = (list: Reply = ok([RUNNING, AT_RISK, FLUSH, PLANNED]), more: Record<string, Reply> = {}) => ({
  'GET /api/productionschedules/statuses': ok(STATUSES),
  [`GET ${LIST}`]: list,
  ...more,
});

const show = (path = '/scheduling/productionschedules') =>
  renderAt(path, [
    {
      path: '/scheduling/productionschedules',
      element: (
        <>
          <ScheduleListScreen />
          <LocationProbe />
        </>
      ),
    },
  ]);

const SIGNED = { status: 'RELEASED', signature: { password: 'secret-1', meaning: 'APPROVED' } };

/** Types the password and picks the meaning named `meaning` in `dialog`. */
async function sign(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, password: string, meaning: string) {
  await user.type(within(dialog).getByLabelText(/^Your password/), password);
  await user.click(within(dialog).getByTestId('signature-meaning'));
  await user.click(await screen.findByRole('option', { name: meaning }));
}

const orders = () =>
  within(screen.getByTestId('schedule-table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('data-order'));
const row = (order: string) => screen.getAllByRole('row').find((r) => r.getAttribute('data-order') === order)!;

describe('the production schedule list', () => {
  describe('for a user who may do everything', () => {
    signedIn();

    it('flags a late order with its expected start and an order whose version was replaced, in words', async () => {
      const late = { ...AT_RISK, status: 'RELEASED' as const, late: true, expectedStart: '2026-11-23T09:30:00Z', recipeChange: 'REPLACED' as const, currentVersion: 3 };
      fakeApi(routes(ok([RUNNING, late])));
      show();
      await screen.findByTestId('schedule-table');
      const row2 = row(late.orderNumber);
      expect(within(row2).getByTestId('late-badge')).toHaveTextContent(/Late · expected Nov 23, 2026/);
      expect(within(row2).getByTestId('version-change')).toHaveTextContent('Replaced by v3');
      expect(within(row(RUNNING.orderNumber)).queryByTestId('late-badge')).toBeNull();
      expect(within(row(RUNNING.orderNumber)).queryByTestId('version-change')).toBeNull();
    });

    it('lists, by default from yesterday to the day after tomorrow, the orders with progress, recipe, status and kind', async () => {
      const api = fakeApi(routes());
      show();
      await screen.findByTestId('schedule-table');
      expect(orders()).toEqual(['PO-1', 'PO-2', 'FL-1', 'PO-3']);
      const range = fallbackRange(new Date(), 'UTC'); // both cached lines are in UTC
      expect(api.sent('GET', LIST)[0].query).toEqual({ fromDateTime: range.from, toDateTime: range.to });

      const running = row('PO-1');
      const bar = within(running).getByRole('progressbar', { name: 'Order PO-1: 40 % of the batches done' });
      expect(bar).toHaveAttribute('aria-valuenow', '40');
      expect(running).toHaveTextContent('4 / 10 batches · 4,000 kg');
      expect(within(running).getByTestId('schedule-status')).toHaveTextContent('Running');
      expect(within(running).getByTestId('pinned-badge')).toHaveTextContent('Pinned');
      expect(running).toHaveTextContent('GROWER v2');
      expect(within(running).getByRole('link', { name: 'PO-1' })).toHaveAttribute('href', '/scheduling/productionschedules/view/O1');
      expect(within(running).getByRole('button', { name: 'Hold order PO-1' })).toBeInTheDocument();
      expect(within(running).getByRole('button', { name: 'Abort order PO-1' })).toBeInTheDocument();
      expect(within(running).queryByRole('link', { name: 'Edit order PO-1' })).toBeNull();
      expect(within(running).queryByRole('button', { name: 'Delete order PO-1' })).toBeNull();

      expect(within(row('FL-1')).getByTestId('flush-badge')).toHaveTextContent('Flush');
      expect(within(row('PO-3')).getByRole('link', { name: 'Edit order PO-3' })).toHaveAttribute('href', '/scheduling/productionschedules/edit/O3');
      expect(screen.getByTestId('schedule-new')).toHaveAttribute('href', '/scheduling/productionschedules/new');
      expect(screen.getByTestId('schedule-live')).toBeInTheDocument();
    });

    it('marks an order at carry-over risk in words and inserts a flush before it', async () => {
      const api = fakeApi(routes(undefined, { 'POST /api/productionschedules/flush': ok(FLUSH, 'A flush was placed before order PO-2') }));
      const user = userEvent.setup();
      show();
      await screen.findByTestId('schedule-table');
      const risky = row('PO-2');
      expect(risky).toHaveAttribute('data-risk', 'true');
      expect(within(risky).getByTestId('carry-over-risk')).toHaveTextContent('Carry-over risk: Order PO-2 (Medicated) may not follow order PO-1 (None) without a flush');
      expect(row('PO-3')).not.toHaveAttribute('data-risk');
      await user.click(within(risky).getByRole('button', { name: 'Insert a flush before order PO-2' }));
      expect(await screen.findByText('A flush was placed before order PO-2')).toBeInTheDocument();
      expect(api.sent('POST', '/api/productionschedules/flush')[0].body).toEqual({ beforeId: 'O2' });
    });

    it('releases an order after asking, naming it', async () => {
      const api = fakeApi(
        routes(undefined, { 'POST /api/productionschedules/status/O3': ok({ ...PLANNED, status: 'RELEASED' }, 'Order PO-3 is now Released') }),
      );
      const user = userEvent.setup();
      show();
      await screen.findByTestId('schedule-table');
      await user.click(within(row('PO-3')).getByRole('button', { name: 'Release order PO-3' }));
      const dialog = await screen.findByRole('dialog', { name: 'Release order PO-3' });
      expect(dialog).toHaveTextContent('Release order PO-3 to the line?');
      // Not medicated: no signature.
      expect(within(dialog).queryByTestId('signature-fields')).toBeNull();
      expect(api.sent('POST', '/api/productionschedules/status/O3')).toHaveLength(0);
      await user.click(within(dialog).getByTestId('confirm-move'));
      expect(await screen.findByText('Order PO-3 is now Released')).toBeInTheDocument();
      expect(api.sent('POST', '/api/productionschedules/status/O3')[0].body).toEqual({ status: 'RELEASED' });
    });

    it('offers a flush when the release is refused for carry-over, then releases again', async () => {
      const conflict = failed(409, 'Order PO-2 (Medicated) may not follow order PO-1 (None) without a flush', {
        'carryOver:O1:O2': 'Order PO-2 (Medicated) may not follow order PO-1 (None) without a flush',
      });
      const api = fakeApi(
        routes(undefined, {
          'POST /api/productionschedules/status/O2': (_body, nth) => (nth === 0 ? conflict : ok({ ...AT_RISK, status: 'RELEASED' }, 'Order PO-2 is now Released')),
          'POST /api/productionschedules/flush': ok(FLUSH, 'A flush was placed before order PO-2'),
        }),
      );
      const user = userEvent.setup();
      show();
      await screen.findByTestId('schedule-table');
      await user.click(within(row('PO-2')).getByRole('button', { name: 'Release order PO-2' }));
      const dialog = await screen.findByRole('dialog', { name: 'Release order PO-2' });
      await sign(user, dialog, 'secret-1', 'Approved');
      await user.click(within(dialog).getByTestId('confirm-move'));
      expect(await within(dialog).findByTestId('move-conflict')).toHaveTextContent('may not follow order PO-1 (None) without a flush');
      // The signature stays for the release that follows the flush.
      expect(within(dialog).getByLabelText(/^Your password/)).toHaveValue('secret-1');
      await user.click(within(dialog).getByRole('button', { name: 'Insert a flush and release' }));
      expect(await screen.findByText('Order PO-2 is now Released')).toBeInTheDocument();
      expect(api.sent('POST', '/api/productionschedules/flush')[0].body).toEqual({ beforeId: 'O2' });
      const sent = api.sent('POST', '/api/productionschedules/status/O2').map((c) => c.body);
      expect(sent).toEqual([SIGNED, SIGNED]);
    });

    it('asks for the signature before releasing a medicated order, and keeps the dialog open when the server refuses it', async () => {
      const samePerson = 'The two-person rule of this line is on: anna@plant.test made the last change, so someone else must sign the release.';
      const medicated = { ...AT_RISK, carryOver: null };
      const api = fakeApi(
        routes(ok([RUNNING, medicated]), {
          'POST /api/productionschedules/status/O2': (_body, nth) => (nth === 0 ? failed(403, samePerson) : ok({ ...medicated, status: 'RELEASED' }, 'Order PO-2 is now Released')),
        }),
      );
      const user = userEvent.setup();
      show();
      await screen.findByTestId('schedule-table');
      await user.click(within(row('PO-2')).getByRole('button', { name: 'Release order PO-2' }));
      const dialog = await screen.findByRole('dialog', { name: 'Release order PO-2' });
      expect(within(dialog).getByTestId('move-signature-needed')).toHaveTextContent('Order PO-2 has the medication class Medicated: releasing it needs your electronic signature.');
      const confirm = within(dialog).getByTestId('confirm-move');
      expect(confirm).toBeDisabled();
      await sign(user, dialog, 'secret-1', 'Approved');
      expect(confirm).toBeEnabled();
      await user.click(confirm);
      expect(await within(dialog).findByTestId('move-problem')).toHaveTextContent(samePerson);
      expect(screen.getByRole('dialog', { name: 'Release order PO-2' })).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Your password/)).toHaveValue('');
      expect(confirm).toBeDisabled();

      await user.type(within(dialog).getByLabelText(/^Your password/), 'secret-1');
      await user.click(confirm);
      expect(await screen.findByText('Order PO-2 is now Released')).toBeInTheDocument();
      expect(api.sent('POST', '/api/productionschedules/status/O2').map((c) => c.body)).toEqual([SIGNED, SIGNED]);
    });

    it('deletes after asking, and shows why the server refuses', async () => {
      const api = fakeApi(routes(undefined, { 'POST /api/productionschedules/delete': failed(409, 'Order PO-3 is running and cannot be deleted') }));
      const user = userEvent.setup();
      show();
      await screen.findByTestId('schedule-table');
      await user.click(within(row('PO-3')).getByRole('button', { name: 'Delete order PO-3' }));
      expect(await screen.findByText('Delete order PO-3? This cannot be undone.')).toBeInTheDocument();
      await user.click(screen.getByTestId('confirm-delete'));
      expect(await screen.findByText('Order PO-3 is running and cannot be deleted')).toBeInTheDocument();
      expect(api.sent('POST', '/api/productionschedules/delete')[0].body).toMatchObject({ id: 'O3' });
    });

    it('filters by line and status, keeping them in the URL and the request', async () => {
      const api = fakeApi(routes());
      const user = userEvent.setup();
      show();
      await screen.findByTestId('schedule-table');
      await user.click(screen.getByRole('combobox', { name: 'Line' }));
      await user.click(screen.getByRole('option', { name: 'Line 2' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('lineId=L2'));
      await waitFor(() => expect(api.sent('GET', LIST).some((c) => c.query.lineId === 'L2')).toBe(true));
      await user.click(screen.getByRole('combobox', { name: 'Status' }));
      await user.click(screen.getByRole('option', { name: 'Running' }));
      await waitFor(() => expect(api.sent('GET', LIST).some((c) => c.query.status === 'RUNNING')).toBe(true));
      expect(screen.getByTestId('location')).toHaveTextContent('status=RUNNING');
    });

    it('says so when nothing is planned', async () => {
      fakeApi(routes(ok([])));
      show();
      expect(await screen.findByTestId('schedule-empty')).toHaveTextContent('No orders are planned to start in this range.');
    });

    it('asks again every 3 s while an order is on the board', async () => {
      const api = fakeApi(routes(ok([RUNNING])));
      show();
      await screen.findByTestId('schedule-table');
      await waitFor(() => expect(api.sent('GET', LIST).length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    });
  });

  describe('for a user who may only read schedules', () => {
    signedIn('PRIVILEGE', ['SCHEDULE_READ']);

    it('offers no moves, edits, deletes or flushes, and shows the carry-over settings read-only', async () => {
      fakeApi(
        routes(undefined, {
          'GET /api/productionschedules/carryover?lineId=L1': ok({ lineId: 'L1', classes: ['NONE', 'MEDICATED'], rules: [{ fromClass: 'MEDICATED', toClass: 'NONE', flushRequired: true }] }),
          'GET /api/materialdirectory?lineId=L1': ok([]),
        }),
      );
      const user = userEvent.setup();
      show();
      await screen.findByTestId('schedule-table');
      expect(screen.queryByTestId('schedule-new')).toBeNull();
      expect(within(row('PO-3')).queryByRole('button', { name: 'Release order PO-3' })).toBeNull();
      expect(within(row('PO-3')).queryByRole('link', { name: 'Edit order PO-3' })).toBeNull();
      expect(within(row('PO-2')).queryByRole('button', { name: 'Insert a flush before order PO-2' })).toBeNull();
      expect(within(row('PO-2')).getByTestId('carry-over-risk')).toBeInTheDocument();
      await user.click(screen.getByTestId('carry-over-open'));
      const cell = await screen.findByRole('checkbox', { name: 'Flush required when None follows Medicated' });
      expect(cell).toBeChecked();
      expect(cell).toBeDisabled();
      expect(screen.queryByTestId('carry-over-save')).toBeNull();
    });
  });
});
