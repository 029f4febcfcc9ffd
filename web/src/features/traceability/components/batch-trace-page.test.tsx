import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok } from '@/test/fake-api';
import { useSession } from '@/lib/session-store';
import BatchTraceScreen from '../screens/batch-trace-screen';
import DeliveryViewScreen from '../screens/delivery-view-screen';
import { BATCH_TRACE, DELIVERY, LOT_ID, TRACE } from '../testing/fixtures';
import { traceScreens } from '../testing/screen-setup';
import { show } from '../testing/show';

const PATTERN = '/traceability/batch/:lineId/:batchId';

describe('a batch traced back', () => {
  traceScreens();

  it('shows its doses with their lots and shares, the lots summed with suppliers, the unknown kilograms and its deliveries', async () => {
    fakeApi({ 'GET /api/trace/batch/L1/B-101': ok(BATCH_TRACE) });
    show(BatchTraceScreen, PATTERN, '/traceability/batch/L1/B-101');
    expect(await screen.findByTestId('batch-facts')).toHaveTextContent('GROWER · Grower');
    expect(screen.getByRole('heading', { level: 1, name: 'Trace of batch B-101' })).toBeInTheDocument();
    expect(screen.getByTestId('batch-record-link')).toHaveAttribute('href', '/reporting/batch/batchdetails/B-101?lineId=L1');
    expect(screen.getByTestId('unknown-kg')).toHaveTextContent('390.0 kg were dosed from no known lot');
    const lots = screen.getByTestId('lots-used-table');
    const first = within(lots).getAllByRole('row')[1];
    expect(within(first).getByRole('link', { name: 'M-2211' })).toHaveAttribute('href', `/traceability/lots/view/${LOT_ID}`);
    expect(first).toHaveTextContent('AGRI · Agri Trade');
    expect(first).toHaveTextContent('450.0');
    expect(first).toHaveTextContent('45.0%');
    const doses = screen.getByTestId('trace-doses-table');
    const soy = doses.querySelector('tr[data-material="SOY"]') as HTMLElement;
    expect(within(soy).getByTestId('dose-unknown')).toHaveTextContent('390.0 kg of no known lot');
    const corn = doses.querySelector('tr[data-material="CORN"]') as HTMLElement;
    expect(corn).toHaveTextContent('M-2200');
    expect(corn).toHaveTextContent('150.0 kg · 15.0%');
    expect(screen.getByTestId('trace-deliveries-table')).toHaveTextContent('D-500');
  });

  it('says when there is no such batch', async () => {
    fakeApi({ 'GET /api/trace/batch/L1/B-999': failed(404, 'No batch of that number on this line') });
    show(BatchTraceScreen, PATTERN, '/traceability/batch/L1/B-999');
    expect(await screen.findByTestId('trace-not-found')).toHaveTextContent('There is no such record');
  });

  it('names the lots without links for a report reader, who may not read lots', async () => {
    useSession.setState({ role: 'PRIVILEGE', privileges: ['REPORTS_READ'] });
    fakeApi({ 'GET /api/trace/batch/L1/B-101': ok(BATCH_TRACE) });
    show(BatchTraceScreen, PATTERN, '/traceability/batch/L1/B-101');
    const lots = await screen.findByTestId('lots-used-table');
    expect(within(lots).getByText('M-2211')).toBeInTheDocument();
    expect(within(lots).queryByRole('link')).toBeNull();
  });
});

describe('a delivery', () => {
  traceScreens();

  it('shows its facts, its batches linking to their traces, and the lots in it with suppliers', async () => {
    fakeApi({
      'GET /api/trace/delivery/DEL-1': ok({ delivery: DELIVERY, batches: TRACE.batches.slice(0, 2).map((b) => ({ ...b, kg: 1000 })), lots: BATCH_TRACE.lots }),
    });
    show(DeliveryViewScreen, '/traceability/deliveries/view/:id', '/traceability/deliveries/view/DEL-1');
    expect(await screen.findByTestId('delivery-facts')).toHaveTextContent('FARM-A · Farm A');
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery D-500' })).toBeInTheDocument();
    expect(within(screen.getByTestId('trace-batches-table')).getByRole('link', { name: 'B-101' })).toHaveAttribute('href', '/traceability/batch/L1/B-101');
    expect(screen.getByTestId('delivery-lots-table')).toHaveTextContent('Mill Partners');
  });
});
