import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { failed, fakeApi, ok, type Answer, type Reply } from '@/test/fake-api';
import { LocationProbe, renderAt } from '@/test/render';
import type { ReportDelivery } from '../api/subscription-types';
import SubscriptionScreen from '../screens/subscription-screen';
import { reportScreens } from '../testing/screen-setup';
import { AMSTERDAM_LINES, DAILY, DELIVERIES, delivery, LAYOUT } from '../testing/subscription-fixtures';

const ONE = '/api/reportsubscriptions/SUB1';
const DELIVERED = `${ONE}/deliveries`;
const EDIT = '/api/reportsubscriptions/edit/SUB1';
const DELETE = '/api/reportsubscriptions/delete';
const SAVED_MEANWHILE = 'bert@plant.test saved this at Nov 23, 2026, 12:00, after you opened it. Reload to see their change, or compare it with yours.';

const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
/** A session token of `email` (the screen reads whose it is; the server checks it). */
const tokenOf = (email: string) => `${b64({ alg: 'HS256' })}.${b64({ userEmail: email, role: 'PRIVILEGE', exp: 4_102_444_800 })}.sig`;

const page = (rows: ReportDelivery[], total = rows.length): Answer => ({ body: { success: true, data: rows }, headers: { 'x-total-count': String(total) } });

const routes = (more: Record<string, Reply> = {}) => ({
  [`GET ${ONE}`]: ok(DAILY),
  [`GET ${DELIVERED}`]: page(DELIVERIES),
  ...more,
});

const show = () =>
  renderAt('/reports/subscriptions/SUB1', [
    {
      path: '/reports/subscriptions/:id',
      element: (
        <>
          <SubscriptionScreen />
          <LocationProbe />
        </>
      ),
    },
    { path: '/reports/subscriptions', element: <LocationProbe /> },
  ]);

const fact = (label: string) => within(screen.getByTestId('subscription-summary')).getByRole('rowheader', { name: label }).nextElementSibling;

describe('a scheduled report', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);
  beforeEach(() => {
    localStorage.setItem('lines', JSON.stringify(AMSTERDAM_LINES));
    useSession.setState({ token: tokenOf('anna@plant.test') });
  });

  it('says what it delivers, read-only, and opens its settings as saved', async () => {
    fakeApi(routes());
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily consumption' })).toBeInTheDocument();
    expect(screen.getByTestId('subscription-cadence-text')).toHaveTextContent('Consumption by Materials · Daily at 06:00 · Europe/Amsterdam');
    expect(screen.getByRole('table', { name: 'What is delivered' })).toBeInTheDocument();
    expect(fact('Report')).toHaveTextContent('Consumption by Materials');
    expect(fact('Heading')).toHaveTextContent('Consumption by Materials');
    expect(fact('Columns')).toHaveTextContent('Code · Material category · Weighed (kg)');
    expect(fact('Line')).toHaveTextContent('Line 1');
    expect(fact('Group by')).toHaveTextContent('Material category');
    expect(fact('Time zone')).toHaveTextContent('Europe/Amsterdam');
    expect(fact('Next delivery')).toHaveTextContent('Nov 24, 2026, 06:00');
    expect(fact('Owner')).toHaveTextContent('anna@plant.test');

    expect(screen.getByTestId('subscription-name')).toHaveValue('Daily consumption');
    expect(screen.getByTestId('subscription-cadence')).toHaveValue('Daily');
    expect(screen.getByTestId('subscription-at')).toHaveValue('06:00');
    expect(screen.getByTestId('subscription-zone')).toHaveTextContent('Times in Europe/Amsterdam');
    // The recipients as tags of the field.
    const form = screen.getByTestId('subscription-form');
    expect(within(form).getByText('anna@plant.test')).toBeInTheDocument();
    expect(within(form).getByText('bert@plant.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All scheduled reports' })).toHaveAttribute('href', '/reports/subscriptions');
  });

  it('saves the settings with the report, filters and layout as saved and the version it started from', async () => {
    const saved = { ...DAILY, at: '07:00', updatedAt: '2026-11-23T11:00:00.5Z' };
    const api = fakeApi(routes({ [`POST ${EDIT}`]: (call) => ok({ ...saved, recipients: (call.body as { recipients: string[] }).recipients }, 'Subscription “Daily consumption” saved') }));
    const user = userEvent.setup();
    show();
    await screen.findByTestId('subscription-form');
    fireEvent.change(screen.getByTestId('subscription-at'), { target: { value: '07:00' } });
    await user.type(screen.getByTestId('subscription-recipients'), 'carl@plant.test{Enter}');
    await user.click(screen.getByTestId('subscription-save'));

    await waitFor(() => expect(api.sent('POST', EDIT)).toHaveLength(1));
    expect(api.sent('POST', EDIT)[0].body).toEqual({
      report: 'totalweightgroupedby',
      filters: { lineId: 'L1', groupBy: 'category' },
      layout: LAYOUT,
      name: 'Daily consumption',
      cadence: 'DAILY',
      at: '07:00',
      weekday: null,
      dayOfMonth: null,
      format: 'PDF',
      recipients: ['anna@plant.test', 'bert@plant.test', 'carl@plant.test'],
      language: 'en',
      updatedAt: DAILY.updatedAt,
    });
    expect(await screen.findByText('Subscription “Daily consumption” saved')).toBeInTheDocument();

    // The next save starts from the version just saved.
    await user.click(screen.getByTestId('subscription-save'));
    await waitFor(() => expect(api.sent('POST', EDIT)).toHaveLength(2));
    expect(api.sent('POST', EDIT)[1].body).toMatchObject({ updatedAt: saved.updatedAt });
  });

  it('says who saved it meanwhile, keeps the input, compares and saves over theirs from their version', async () => {
    const theirs = { ...DAILY, name: 'Consumption per category', updatedAt: '2026-11-23T11:00:00.5Z', updatedBy: 'bert@plant.test' };
    const api = fakeApi(
      routes({
        [`GET ${ONE}`]: (_call, nth) => ok(nth === 0 ? DAILY : theirs),
        [`POST ${EDIT}`]: (_call, nth) => (nth === 0 ? failed(409, SAVED_MEANWHILE, { updatedAt: SAVED_MEANWHILE }) : ok({ ...theirs, at: '07:00', updatedAt: '2026-11-23T11:05:00Z' }, 'Saved')),
      }),
    );
    const user = userEvent.setup();
    show();
    await screen.findByTestId('subscription-form');
    fireEvent.change(screen.getByTestId('subscription-at'), { target: { value: '07:00' } });
    await user.click(screen.getByTestId('subscription-save'));

    const alert = await screen.findByTestId('stale-edit');
    expect(alert).toHaveTextContent(SAVED_MEANWHILE);
    expect(screen.getByTestId('subscription-at')).toHaveValue('07:00');
    await user.click(within(alert).getByTestId('stale-compare-toggle'));
    const compared = await within(alert).findByTestId('stale-compare');
    const rows = within(compared).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['NameDaily consumptionConsumption per category', 'How oftenDaily at 07:00Daily at 06:00']);

    await user.click(within(alert).getByTestId('stale-overwrite'));
    await waitFor(() => expect(api.sent('POST', EDIT)).toHaveLength(2));
    expect(api.sent('POST', EDIT)[1].body).toMatchObject({ at: '07:00', name: 'Daily consumption', updatedAt: theirs.updatedAt });
    await waitFor(() => expect(screen.queryByTestId('stale-edit')).toBeNull());
  });

  it('puts the server’s field errors on their fields and says a refusal of another kind', async () => {
    fakeApi(
      routes({
        [`POST ${EDIT}`]: (_call, nth) =>
          nth === 0 ? failed(400, 'Some fields are invalid', { recipients: '“bert@plant” is not an email address.' }) : failed(403, 'This subscription belongs to anna@plant.test: only they or an administrator can change it.'),
      }),
    );
    const user = userEvent.setup();
    show();
    await screen.findByTestId('subscription-form');
    await user.click(screen.getByTestId('subscription-save'));
    expect(await screen.findByText('“bert@plant” is not an email address.')).toBeInTheDocument();
    expect(screen.getByTestId('subscription-recipients')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByTestId('subscription-save'));
    expect(await screen.findByTestId('subscription-form-problem')).toHaveTextContent('only they or an administrator can change it');
  });

  it('deletes it after the confirmation and goes back to the list', async () => {
    const api = fakeApi(routes({ [`POST ${DELETE}`]: ok(DAILY, 'Subscription “Daily consumption” deleted') }));
    const user = userEvent.setup();
    show();
    await screen.findByTestId('subscription-form');
    await user.click(screen.getByTestId('subscription-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete record' });
    expect(dialog).toHaveTextContent('Delete Daily consumption?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', DELETE)).toHaveLength(0);

    await user.click(screen.getByTestId('subscription-delete'));
    await user.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(api.sent('POST', DELETE)).toHaveLength(1));
    expect(api.sent('POST', DELETE)[0].body).toEqual({ id: 'SUB1' });
    expect(await screen.findByText('Subscription “Daily consumption” deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/reports\/subscriptions$/));
  });

  it('lists its deliveries newest first with their status in words, file, tries, errors and next try, a page at a time', async () => {
    const later = Array.from({ length: 5 }, (_, i) => delivery(30 + i));
    const api = fakeApi(routes({ [`GET ${DELIVERED}`]: (call) => (call.query.page === '2' ? page(later, 30) : page(DELIVERIES, 30)) }));
    const user = userEvent.setup();
    show();
    const table = await screen.findByRole('table', { name: 'Deliveries, newest period first; times in Europe/Amsterdam' });
    expect(api.sent('GET', DELIVERED)[0].query).toEqual({ page: '1', limit: '25' });
    expect(screen.getByTestId('deliveries-count')).toHaveTextContent('Deliveries 1–4 of 30');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period', 'Status', 'Sent at', 'Tries', 'File', 'Last error', 'Next try']);

    const [pending, retry, failedOne, sent] = within(table).getAllByTestId('delivery-row');
    const col = (row: HTMLElement, id: string) => within(row).getByTestId(`delivery-${id}`);
    expect(col(pending, 'period')).toHaveTextContent('Nov 23, 2026, 06:00 – Nov 24, 2026, 06:00');
    expect(col(pending, 'status')).toHaveTextContent('Pending');
    expect(col(pending, 'next')).toHaveTextContent('Nov 24, 2026, 06:00');
    expect(col(retry, 'status')).toHaveTextContent('Retrying');
    expect(col(retry, 'status')).toHaveAttribute('data-status', 'RETRY');
    expect(col(retry, 'attempts')).toHaveTextContent('2');
    expect(col(retry, 'error')).toHaveTextContent('the mail server refused: 451 try again later');
    expect(col(retry, 'next')).toHaveTextContent('Nov 23, 2026, 06:04');
    expect(col(failedOne, 'status')).toHaveTextContent('Failed');
    expect(col(failedOne, 'error')).toHaveTextContent('can no longer sign in');
    expect(col(failedOne, 'next')).toHaveTextContent('—');
    expect(col(sent, 'status')).toHaveTextContent('Sent');
    expect(col(sent, 'sent')).toHaveTextContent('Nov 21, 2026, 06:00');
    expect(col(sent, 'file')).toHaveTextContent('Daily_consumption-2026-11-21-06-00.pdf (48.2 kB)');
    expect(col(sent, 'error')).toHaveTextContent('—');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByTestId('deliveries-count')).toHaveTextContent('Deliveries 26–30 of 30'));
    expect(api.sent('GET', DELIVERED).at(-1)?.query).toEqual({ page: '2', limit: '25' });
    expect(screen.getByTestId('location')).toHaveTextContent('/reports/subscriptions/SUB1?page=2');
  });

  it('says when nothing was delivered yet', async () => {
    fakeApi(routes({ [`GET ${DELIVERED}`]: page([]) }));
    show();
    expect(await screen.findByTestId('deliveries-empty')).toHaveTextContent('Nothing delivered yet');
  });

  it('is read-only for a report reader who does not own it', async () => {
    useSession.setState({ token: tokenOf('carl@plant.test') });
    fakeApi(routes());
    show();
    expect(await screen.findByTestId('subscription-read-only')).toHaveTextContent('This subscription belongs to anna@plant.test: only they or an administrator can change it.');
    expect(screen.getByTestId('subscription-name')).toBeDisabled();
    expect(screen.queryByTestId('subscription-save')).toBeNull();
    expect(screen.queryByTestId('subscription-delete')).toBeNull();
    expect(await screen.findByTestId('deliveries-table')).toBeInTheDocument();
  });

  it('says when there is no such subscription', async () => {
    fakeApi(routes({ [`GET ${ONE}`]: failed(404, 'There is no such report subscription.') }));
    show();
    expect(await screen.findByTestId('subscription-problem')).toHaveTextContent('There is no such report subscription.');
    expect(screen.getByRole('link', { name: 'All scheduled reports' })).toBeInTheDocument();
  });
});
