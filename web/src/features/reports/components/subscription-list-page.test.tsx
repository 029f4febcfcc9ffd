import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failed, fakeApi, ok } from '@/test/fake-api';
import { renderAt } from '@/test/render';
import SubscriptionsScreen from '../screens/subscriptions-screen';
import { reportScreens } from '../testing/screen-setup';
import { AMSTERDAM_LINES, DAILY, MONTHLY, SHIFT_END, WEEKLY } from '../testing/subscription-fixtures';

const LIST = '/api/reportsubscriptions';
const show = () => renderAt('/reports/subscriptions', [{ path: '/reports/subscriptions', element: <SubscriptionsScreen /> }]);
const rows = () => screen.getAllByTestId('subscription-row');
const cell = (row: HTMLElement, col: string) => within(row).getByTestId(`subscription-row-${col}`);

describe('the scheduled reports', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);
  beforeEach(() => localStorage.setItem('lines', JSON.stringify(AMSTERDAM_LINES)));

  it('lists each with its report, its cadence in words, zone, next delivery, file, recipients and owner', async () => {
    fakeApi({ [`GET ${LIST}`]: ok([DAILY, WEEKLY, MONTHLY, SHIFT_END]) });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled reports' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '4 scheduled reports' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Report', 'When', 'Time zone', 'Next delivery', 'Format', 'Recipients', 'Owner', 'Actions']);

    const [daily, weekly, monthly, shiftEnd] = rows();
    expect(within(daily).getByRole('rowheader')).toHaveTextContent('Daily consumption');
    expect(cell(daily, 'report')).toHaveTextContent('Consumption by Materials');
    expect(cell(daily, 'cadence')).toHaveTextContent('Daily at 06:00');
    expect(cell(daily, 'zone')).toHaveTextContent('Europe/Amsterdam');
    expect(cell(daily, 'next')).toHaveTextContent('Nov 24, 2026, 06:00');
    expect(cell(daily, 'format')).toHaveTextContent('PDF');
    expect(cell(daily, 'recipients')).toHaveTextContent('2 recipients');
    expect(cell(daily, 'recipients')).toHaveTextContent('anna@plant.test bert@plant.test');
    expect(cell(daily, 'owner')).toHaveTextContent('anna@plant.test');

    expect(cell(weekly, 'report')).toHaveTextContent('Stop Time Report');
    expect(cell(weekly, 'cadence')).toHaveTextContent('Weekly, Monday 06:00');
    expect(cell(weekly, 'format')).toHaveTextContent('Excel (XLSX)');
    expect(cell(weekly, 'recipients')).toHaveTextContent('1 recipient');
    expect(cell(monthly, 'report')).toHaveTextContent('OEE');
    expect(cell(monthly, 'cadence')).toHaveTextContent('Monthly, day 1 at 06:00');
    expect(cell(monthly, 'next')).toHaveTextContent('Dec 1, 2026, 06:00');
    expect(cell(monthly, 'format')).toHaveTextContent('CSV');
    expect(cell(shiftEnd, 'report')).toHaveTextContent('Alarms');
    expect(cell(shiftEnd, 'cadence')).toHaveTextContent("At each shift's end");
    expect(cell(shiftEnd, 'next')).toHaveTextContent("At the next shift's end");

    // Each opens by a link named after it.
    const open = within(weekly).getByRole('link', { name: 'Open Stops of the week' });
    expect(open).toHaveAttribute('href', '/reports/subscriptions/SUB2');
    expect(open).toHaveAttribute('data-testid', 'subscription-open');
  });

  it('says how one is made when there is none', async () => {
    fakeApi({ [`GET ${LIST}`]: ok([]) });
    show();
    const empty = await screen.findByTestId('subscriptions-empty');
    expect(empty).toHaveTextContent('No scheduled reports yet');
    expect(empty).toHaveTextContent('Open a report and choose “Deliver this…” beside its export');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the server’s refusal', async () => {
    fakeApi({ [`GET ${LIST}`]: failed(503, 'The database cannot be reached') });
    show();
    expect(await screen.findByTestId('subscriptions-problem')).toHaveTextContent('The database cannot be reached');
  });
});
