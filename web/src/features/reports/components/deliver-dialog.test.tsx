import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { failed, fakeApi, ok, type Reply } from '@/test/fake-api';
import { LocationProbe, renderAt } from '@/test/render';
import { REPORT_PATHS } from '../api/report-types';
import ConsumptionByMaterialsScreen from '../screens/consumption-by-materials-screen';
import { FROM, MATERIALS, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { AMSTERDAM_LINES, DAILY } from '../testing/subscription-fixtures';
import { textColumn } from '../utils/columns';
import { ExportMenu } from './export-menu';

const BASE = '/reporting/consumption/bymaterials';
const ADD = '/api/reportsubscriptions/add';
const PDF = `${REPORT_PATHS.grouped}/generatePdf`;

const routes = (more: Record<string, Reply> = {}) => ({
  'GET /api/shifts': ok([{ _id: 'S1', lineId: 'L1', name: 'Morning', startTime: '06:00', endTime: '14:00', days: ['MON'] }]),
  'GET /api/getallrecipebylineandtime': ok([]),
  'GET /api/productionschedulelist': ok([]),
  [`GET ${REPORT_PATHS.grouped}`]: ok(MATERIALS),
  [`POST ${PDF}`]: { raw: '%PDF-1.7', type: 'application/pdf' },
  ...more,
});

/** The report grouped per material category, of Line 1 (or every line) in the morning's range, on its second page. */
const at = (line = 'L1') => `${BASE}?lineId=${line}&groupBy=category&shiftId=S1&fromDateTime=${FROM}&toDateTime=${TO}&page=2`;

const show = (path = at()) =>
  renderAt(path, [
    { path: BASE, element: <ConsumptionByMaterialsScreen /> },
    { path: '/reports/subscriptions/:id', element: <LocationProbe /> },
  ]);

async function openDialog() {
  const user = userEvent.setup();
  await screen.findByTestId('report-table');
  await user.click(screen.getByRole('button', { name: 'Deliver this… Consumption by Materials' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deliver this report on a schedule' });
  return { user, dialog };
}

async function choose(user: ReturnType<typeof userEvent.setup>, testId: string, option: string) {
  await user.click(screen.getByTestId(testId));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('“Deliver this…” on a report', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);
  beforeEach(() => localStorage.setItem('lines', JSON.stringify(AMSTERDAM_LINES)));

  it('saves the report with its filters (no range, no page), the PDF export’s layout without charts and a weekly time, then links to it', async () => {
    const api = fakeApi(routes({ [`POST ${ADD}`]: ok({ ...DAILY, _id: 'SUB9' }, 'Subscription “Consumption per category” saved') }));
    show();
    const { user, dialog } = await openDialog();

    // It starts from the report's name, daily at 06:00, as PDF, in the user's language, in the line's zone.
    expect(within(dialog).getByTestId('subscription-name')).toHaveValue('Consumption by Materials');
    expect(within(dialog).getByTestId('subscription-cadence')).toHaveValue('Daily');
    expect(within(dialog).getByTestId('subscription-at')).toHaveValue('06:00');
    expect(within(dialog).getByTestId('subscription-format')).toHaveValue('PDF');
    expect(within(dialog).getByTestId('subscription-language')).toHaveValue('English');
    expect(within(dialog).getByTestId('subscription-zone')).toHaveTextContent('Times in Europe/Amsterdam');
    const filters = within(dialog).getByRole('group', { name: 'Filters' });
    expect(filters).toHaveTextContent('LineLine 1');
    expect(filters).toHaveTextContent('Group byMaterial category');
    expect(filters).toHaveTextContent('ShiftMorning');

    await user.clear(within(dialog).getByTestId('subscription-name'));
    await user.type(within(dialog).getByTestId('subscription-name'), 'Consumption per category');
    await choose(user, 'subscription-cadence', 'Weekly');
    await choose(user, 'subscription-weekday', 'Wednesday');
    fireEvent.change(within(dialog).getByTestId('subscription-at'), { target: { value: '07:30' } });
    await choose(user, 'subscription-format', 'Excel (XLSX)');
    await choose(user, 'subscription-language', 'Deutsch');
    const recipients = within(dialog).getByTestId('subscription-recipients');
    await user.type(recipients, 'anna@plant.test{Enter}bert@plant.test,');
    await user.click(within(dialog).getByTestId('confirm-deliver'));

    await waitFor(() => expect(api.sent('POST', ADD)).toHaveLength(1));
    const body = api.sent('POST', ADD)[0].body as Record<string, unknown>;
    expect(body).toEqual({
      report: 'totalweightgroupedby',
      filters: { lineId: 'L1', groupBy: 'category', shiftId: 'S1' },
      layout: expect.any(Object) as unknown,
      name: 'Consumption per category',
      cadence: 'WEEKLY',
      at: '07:30',
      weekday: 3,
      dayOfMonth: null,
      format: 'XLSX',
      recipients: ['anna@plant.test', 'bert@plant.test'],
      language: 'de',
    });

    // Saved: the server's sentence with a link to the subscription; the dialog has closed.
    const notice = await screen.findByText(/Subscription “Consumption per category” saved/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The layout is the PDF export's body without its charts.
    await user.click(screen.getByTestId('report-export'));
    await user.click(await screen.findByTestId('report-export-pdf'));
    await waitFor(() => expect(api.sent('POST', PDF)).toHaveLength(1));
    const { images, imageTitles, ...printed } = api.sent('POST', PDF)[0].body as Record<string, unknown>;
    expect(images).toEqual([]);
    expect(imageTitles).toBeUndefined();
    expect(body.layout).toEqual(printed);
    expect(body.layout).toMatchObject({ heading: 'Consumption by Materials', data: 'rows' });
    expect(body.layout).not.toHaveProperty('images');

    await user.click(within(notice).getByRole('link', { name: 'Open the subscription' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/reports/subscriptions/SUB9');
  });

  it('hides the time at each shift’s end, says whose shifts, and sends no time', async () => {
    const api = fakeApi(routes({ [`POST ${ADD}`]: ok({ ...DAILY, cadence: 'SHIFT_END' }, 'Saved') }));
    show();
    const { user, dialog } = await openDialog();
    await choose(user, 'subscription-cadence', 'Each shift end');
    expect(within(dialog).queryByTestId('subscription-at')).toBeNull();
    expect(within(dialog).getByTestId('subscription-zone')).toHaveTextContent('Delivered when each shift of Line 1 ends (times in Europe/Amsterdam).');
    await user.type(within(dialog).getByTestId('subscription-recipients'), 'anna@plant.test{Enter}');
    await user.click(within(dialog).getByTestId('confirm-deliver'));
    await waitFor(() => expect(api.sent('POST', ADD)).toHaveLength(1));
    expect(api.sent('POST', ADD)[0].body).toMatchObject({ cadence: 'SHIFT_END', at: null, weekday: null, dayOfMonth: null });
  });

  it('offers no delivery at shift ends for every line, and a monthly one asks the day', async () => {
    const api = fakeApi(routes({ [`POST ${ADD}`]: ok({ ...DAILY, cadence: 'MONTHLY' }, 'Saved') }));
    show(at('ALL'));
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText('Each shift end needs one line chosen in the report.')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('subscription-cadence'));
    expect(await screen.findByRole('option', { name: 'Each shift end' })).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Monthly' }));
    const day = within(dialog).getByTestId('subscription-day');
    await user.clear(day);
    await user.type(day, '15');
    await user.type(within(dialog).getByTestId('subscription-recipients'), 'anna@plant.test{Enter}');
    await user.click(within(dialog).getByTestId('confirm-deliver'));
    await waitFor(() => expect(api.sent('POST', ADD)).toHaveLength(1));
    expect(api.sent('POST', ADD)[0].body).toMatchObject({ filters: { groupBy: 'category', shiftId: 'S1' }, cadence: 'MONTHLY', at: '06:00', dayOfMonth: 15, weekday: null });
  });

  it('keeps what is no email address in the field and sends nothing without a recipient', async () => {
    const api = fakeApi(routes());
    show();
    const { user, dialog } = await openDialog();
    const recipients = within(dialog).getByTestId('subscription-recipients');
    await user.type(recipients, 'anna at plant{Enter}');
    expect(within(dialog).getByText('“anna at plant” is not an email address.')).toBeInTheDocument();
    expect(recipients).toHaveValue('anna at plant');
    expect(recipients).toHaveAttribute('aria-invalid', 'true');
    await user.clear(recipients);
    await user.click(within(dialog).getByTestId('confirm-deliver'));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(api.sent('POST', ADD)).toHaveLength(0);

    // A pasted list: its addresses are added, what is none is named and left out.
    await user.click(recipients);
    await user.paste('anna@plant.test; nope\nbert@plant.test');
    expect(within(dialog).getByText('“nope” is not an email address.')).toBeInTheDocument();
    expect(within(dialog).getByText('anna@plant.test')).toBeInTheDocument();
    expect(within(dialog).getByText('bert@plant.test')).toBeInTheDocument();
    expect(within(dialog).queryByText('nope')).toBeNull();
  });

  it('shows the server’s field errors on their fields and the others above the buttons', async () => {
    const api = fakeApi(
      routes({
        [`POST ${ADD}`]: failed(400, 'Some fields are invalid', {
          at: 'Enter a time as HH:MM',
          recipients: 'At most 20 recipients.',
          'filters.lineId': 'There is no such line.',
        }),
      }),
    );
    show();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByTestId('subscription-recipients'), 'anna@plant.test{Enter}');
    await user.click(within(dialog).getByTestId('confirm-deliver'));
    expect(await within(dialog).findByText('Enter a time as HH:MM')).toBeInTheDocument();
    expect(within(dialog).getByTestId('subscription-at')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('At most 20 recipients.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('deliver-problem')).toHaveTextContent('There is no such line.');
    expect(api.sent('POST', ADD)).toHaveLength(1);
    // Changing the time takes its message away.
    fireEvent.change(within(dialog).getByTestId('subscription-at'), { target: { value: '07:00' } });
    expect(within(dialog).getByTestId('subscription-at')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('where “Deliver this…” is offered', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  const menu = (path: string, testId: string) => (
    <ExportMenu
      testId={testId}
      disabled={false}
      source={{
        heading: 'A report',
        columns: [textColumn('name', 'web.report.col.material', 'name')],
        rows: () => Promise.resolve([]),
        path: path as typeof REPORT_PATHS.stats,
        params: { lineId: 'L1', fromDateTime: FROM, toDateTime: TO },
        rowsField: 'rows',
        charts: () => [],
        from: FROM,
      }}
    />
  );
  const both = () =>
    renderAt('/', [
      {
        path: '/',
        element: (
          <>
            <div data-testid="deliverable">{menu(REPORT_PATHS.stats, 'stats-export')}</div>
            <div data-testid="not-deliverable">{menu(REPORT_PATHS.batchSummary, 'summary-export')}</div>
          </>
        ),
      },
    ]);

  it('beside the exports of a report the server delivers, not of one it does not', () => {
    fakeApi({});
    both();
    expect(within(screen.getByTestId('deliverable')).getByTestId('deliver-open')).toHaveTextContent('Deliver this…');
    expect(within(screen.getByTestId('not-deliverable')).queryByTestId('deliver-open')).toBeNull();
    expect(within(screen.getByTestId('not-deliverable')).getByTestId('summary-export')).toBeInTheDocument();
  });

  it('to report readers only', () => {
    fakeApi({});
    useSession.setState({ role: 'PRIVILEGE', privileges: ['ADMIN_ONLY_NOTHING'] });
    both();
    expect(screen.queryByTestId('deliver-open')).toBeNull();
    expect(screen.getByTestId('stats-export')).toBeInTheDocument();
  });
});

describe('recipients for an administrator', () => {
  reportScreens('ADMIN');
  beforeEach(() => localStorage.setItem('lines', JSON.stringify(AMSTERDAM_LINES)));

  it('are offered from the active users as they type, beside any other address typed', async () => {
    const user = (email: string, status = 'active') => ({ _id: email, email, role: 'PRIVILEGE', privileges: [], status, createdAt: FROM, updatedAt: FROM });
    const api = fakeApi(
      routes({
        'GET /api/user/users': ok({ page: 1, limit: 200, total: 3, users: [user('anna@plant.test'), user('bert@plant.test'), user('gone@plant.test', 'inactive')] }),
        [`POST ${ADD}`]: ok(DAILY, 'Saved'),
      }),
    );
    show();
    const { user: u, dialog } = await openDialog();
    const recipients = within(dialog).getByTestId('subscription-recipients');
    await u.type(recipients, 'ber');
    expect(await screen.findByRole('option', { name: 'bert@plant.test' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'gone@plant.test' })).toBeNull();
    await u.click(screen.getByRole('option', { name: 'bert@plant.test' }));
    await u.type(recipients, 'extern@mill.test{Enter}');
    await u.click(within(dialog).getByTestId('confirm-deliver'));
    await waitFor(() => expect(api.sent('POST', ADD)).toHaveLength(1));
    expect(api.sent('GET', '/api/user/users')[0].query).toEqual({ page: '1', limit: '200' });
    expect(api.sent('POST', ADD)[0].body).toMatchObject({ recipients: ['bert@plant.test', 'extern@mill.test'] });
  });
});
