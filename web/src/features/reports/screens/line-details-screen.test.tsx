import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_PATHS } from '../api/report-types';
import { fakeApi, ok } from '@/test/fake-api';
import { FROM, report, row, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import LineDetailsScreen from './line-details-screen';

const BASE = '/reporting/production/linedetails';

const LINES = report([row('L1', 'Line 1', 4000, { code: 'ML1' }), row('L2', 'Line 2', 2000, { code: 'ML2' })], 'line');
const SHIFTS = report(
  [
    row('S1', 'Morning', 3000, { lineId: 'L1', lineName: 'Line 1', from: '2026-11-23T06:00:00Z', to: '2026-11-23T14:00:00Z' }),
    row('S2', 'Late', 1000, { lineId: 'L1', lineName: 'Line 1', from: '2026-11-23T14:00:00Z', to: '2026-11-23T22:00:00Z' }),
  ],
  'shift',
);

describe('line details', () => {
  const saved = reportScreens();

  it('shows every line, and the shifts of the line chosen from its row', async () => {
    const api = fakeApi({
      'GET /api/shifts': ok([]),
      [`GET ${REPORT_PATHS.byTime}`]: (call) => ok(call.query.bucket === 'line' ? LINES : SHIFTS),
    });
    const user = userEvent.setup();
    show(LineDetailsScreen, BASE, `${BASE}?fromDateTime=${FROM}&toDateTime=${TO}`);
    const lines = await screen.findByTestId('report-lines-table');
    expect(api.sent('GET', REPORT_PATHS.byTime).map((c) => c.query)).toEqual([{ fromDateTime: FROM, toDateTime: TO, bucket: 'line' }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Production per line' })).toBeInTheDocument();
    expect(screen.getByTestId('report-shifts-idle')).toHaveTextContent('Choose a line to see its production per shift.');

    await user.click(within(lines).getByRole('button', { name: 'Shifts of Line 1' }));
    await waitFor(() => expect(searchOf(screen.getByTestId('location')).get('lineId')).toBe('L1'));
    const shifts = await screen.findByTestId('report-shifts-table');
    expect(api.sent('GET', REPORT_PATHS.byTime).filter((c) => c.query.bucket === 'shift').map((c) => c.query)).toEqual([
      { lineId: 'L1', fromDateTime: FROM, toDateTime: TO, bucket: 'shift' },
    ]);
    // The lines stay all lines; the chosen one says so.
    expect(api.sent('GET', REPORT_PATHS.byTime).filter((c) => c.query.bucket === 'line').every((c) => c.query.lineId === undefined)).toBe(true);
    expect(within(lines).getByRole('button', { name: 'Shifts of Line 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Shifts of Line 1' })).toBeInTheDocument();
    expect(within(shifts).getAllByRole('row').filter((r) => r.hasAttribute('data-row'))).toHaveLength(2);
    expect(screen.getAllByRole('img', { name: 'Weighed (kg)' })).toHaveLength(2);

    // The button column is a control, not data: the export leaves it out.
    await user.click(screen.getByRole('button', { name: 'Export Line Details – Production per line' }));
    await user.click(await screen.findByTestId('report-lines-export-csv'));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved.files[0].blob.arrayBuffer()).split('\r\n');
    expect(csv[0]).toBe('\uFEFFCode,Line,Batches,Aborted,Batch size (kg),Actual (kg),Deviation (kg),Share (%)');
    expect(saved.files[0].name).toMatch(/^Line_Details_Production_per_line_/);
  });
});
