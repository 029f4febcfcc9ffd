import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import LotViewScreen from '../screens/lot-view-screen';
import { LOT_ID, TRACE } from '../testing/fixtures';
import { traceScreens } from '../testing/screen-setup';
import { show } from '../testing/show';

const VIEW = '/traceability/lots/view/:id';
const AT = `/traceability/lots/view/${LOT_ID}`;
const routes = (trace = TRACE) => ({
  [`GET /api/trace/lot/${LOT_ID}`]: ok(trace),
});

describe('the lot view', () => {
  traceScreens();

  it('shows the facts with the status history, the mass balance and the recall link', async () => {
    fakeApi(routes());
    show(LotViewScreen, VIEW, AT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lot M-2211 (CORN)' })).toBeInTheDocument();
    expect(screen.getByTestId('lot-status-line')).toHaveTextContent('since Nov 23, 2026, 08:00 by qa@plant.test: COA checked');
    expect(screen.getByTestId('balance-received')).toHaveTextContent('25,000.0 kg');
    expect(screen.getByTestId('balance-notUsed')).toHaveTextContent('5,000.0 kg');
    expect(screen.getByTestId('balance-unaccounted-box')).toHaveAttribute('data-flagged', 'false');
    expect(screen.getByTestId('lot-recall')).toHaveAttribute('href', `/traceability/recall?lotId=${LOT_ID}`);
  });

  it('flags kilograms unaccounted for beyond half a kilogram, in words', async () => {
    fakeApi(routes({ ...TRACE, balance: { ...TRACE.balance, unaccountedKg: 12.5, emptiedKg: -0.00001 } }));
    show(LotViewScreen, VIEW, AT);
    const box = await screen.findByTestId('balance-unaccounted-box');
    expect(box).toHaveAttribute('data-flagged', 'true');
    expect(screen.getByTestId('balance-flag')).toHaveTextContent('Check: kilograms missing');
    // What rounds to nothing reads 0.0, not -0.0.
    expect(screen.getByTestId('balance-emptied')).toHaveTextContent(/^0\.0 kg$/);
  });

  it('draws the genealogy as lists of links per column, joined through the deliveries read', async () => {
    fakeApi(routes());
    show(LotViewScreen, VIEW, AT);
    await screen.findByTestId('genealogy-diagram');
    expect(screen.getByTestId('genealogy-summary')).toHaveTextContent('Lot M-2211 went into 1 bin and 3 batches of 1 order; 2 deliveries took it to 2 customers.');
    const batches = screen.getByRole('list', { name: 'Batches (4)' });
    const b101 = within(batches).getByRole('link', { name: /^B-101/ });
    expect(b101).toHaveAttribute('href', '/traceability/batch/L1/B-101');
    expect(within(batches).getByRole('link', { name: /^B-104.*Carry-over risk/ })).toBeInTheDocument();
    const customers = screen.getByRole('list', { name: 'Customers (2)' });
    expect(within(customers).getByRole('link', { name: /^FARM-A/ })).toHaveAttribute('href', '/traceability/customers/view/CUS-1');
    expect(within(screen.getByRole('list', { name: 'Deliveries (2)' })).getByRole('link', { name: /^D-500/ })).toHaveAttribute('href', '/traceability/deliveries/view/DEL-1');
    // The line from the order to the delivery is drawn once the delivery is read.
    await screen.findByTestId('genealogy-diagram');
    await within(screen.getByTestId('genealogy-diagram')).findByText((_, el) => el?.getAttribute('data-edge') === 'order:ORD-1>delivery:DEL-1');
  });

  it('switches to the table view, which says where each node led', async () => {
    fakeApi(routes());
    const user = userEvent.setup();
    show(LotViewScreen, VIEW, AT);
    await screen.findByTestId('genealogy-diagram');
    await user.click(screen.getByRole('radio', { name: 'Table' }));
    const table = await screen.findByTestId('genealogy-table');
    const order = within(table).getByRole('link', { name: 'PO-1' }).closest('tr')!;
    await within(order).findByText('D-500');
    expect(order).toHaveTextContent('2 batches · 1,200.0 kg');
  });

  it('lists customers, deliveries, batches, orders, carry-over risks (explained) and bins', async () => {
    fakeApi(routes());
    show(LotViewScreen, VIEW, AT);
    const customers = await screen.findByTestId('trace-customers-table');
    expect(within(customers).getAllByRole('row')[1]).toHaveTextContent('FARM-B');
    expect(screen.getByTestId('trace-deliveries-table')).toHaveTextContent('AB-12-CD');
    expect(screen.getByTestId('trace-batches-table')).toHaveTextContent('B-103');
    expect(screen.getByTestId('carry-over-explain')).toHaveTextContent('no flush between');
    expect(within(screen.getByTestId('trace-carry-over-table')).getByText('B-103')).toBeInTheDocument();
    expect(screen.getByTestId('trace-bins-table')).toHaveTextContent('BIN-01');
  });

  it('draws at most 30 nodes a column and says how many more the tables list', async () => {
    const batches = Array.from({ length: 35 }, (_, i) => ({ ...TRACE.batches[0], batchId: `X-${i}`, kg: i + 1 }));
    fakeApi(routes({ ...TRACE, batches, carryOver: [] }));
    show(LotViewScreen, VIEW, AT);
    const more = await screen.findByTestId('genealogy-more-batch');
    expect(more).toHaveTextContent('and 5 more (see the table below)');
    expect(more).toHaveAttribute('href', '#trace-batches');
    expect(within(screen.getByRole('list', { name: 'Batches (35)' })).getAllByRole('listitem')).toHaveLength(31);
  });
});
