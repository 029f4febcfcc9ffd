import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { fakeApi, ok } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { downstream, downstreams } from '../testing/diag-fixtures';
import { FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { show } from '../testing/show';
import DownstreamScreen from './downstream-screen';

const BASE = '/reporting/diagnostics/downstream';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`;

const routes = (rows = [downstream('CONDITIONER_TEMP_C'), downstream('STEAM_BAR', { name: 'Steam', unit: 'bar', lowLimit: null, highLimit: 3, exceededBatches: 0, points: [] })]) => ({
  'GET /api/getallrecipebylineandtime': ok([]),
  'GET /api/productionschedulelist': ok([]),
  [`GET ${REPORT_PATHS.downstreams}`]: ok(downstreams(rows)),
  [`POST ${REPORT_PATHS.downstreams}/generatePdf`]: { raw: '%PDF-1.7 fake', type: 'application/pdf' },
});

describe('downstream', () => {
  const saved = reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('draws a trend per downstream parameter with its limits, and tables its figures', async () => {
    const api = fakeApi(routes());
    show(DownstreamScreen, BASE, AT);
    const trends = await screen.findAllByTestId('diag-trend');
    expect(api.sent('GET', REPORT_PATHS.downstreams)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO });
    expect(trends.map((t) => t.dataset.code)).toEqual(['CONDITIONER_TEMP_C', 'STEAM_BAR']);
    const chart = within(trends[0]).getByRole('img', { name: 'CONDITIONER_TEMP_C · Conditioner temperature (°C) · Line 1' });
    expect(chart).toHaveAttribute('data-points', '3');
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)).toHaveTextContent('3 batches, 1 past a limit; lowest 77.5, highest 82.4; low limit 70.0, high limit 81.0.');
    expect(within(trends[0]).getByText('High limit')).toBeInTheDocument();
    expect(within(trends[1]).getByTestId('diag-trend-empty')).toHaveTextContent('No values in this range.');

    const rows = within(screen.getByTestId('diag-downstream-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
    expect(rows[0].querySelector('[data-col="parameter"]')).toHaveTextContent('CONDITIONER_TEMP_C · Conditioner temperature');
    expect(rows[0].querySelector('[data-col="mean"]')).toHaveTextContent('80.1');
    expect(within(rows[0]).getByTestId('diag-past')).toHaveTextContent('1');
    expect(rows[1].querySelector('[data-col="exceededBatches"]')).toHaveTextContent('0');
    expect(rows[1].querySelector('[data-col="lowLimit"]')).toHaveTextContent('—');
  });

  it('exports the table as CSV and asks the server for the PDF', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(DownstreamScreen, BASE, AT);
    await screen.findByTestId('diag-downstream-table');
    await user.click(screen.getByRole('button', { name: 'Export Downstream report parameters' }));
    await user.click(await screen.findByTestId('diag-downstream-export-csv'));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved.files[0].blob.arrayBuffer()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFParameter,Unit,Source,Batches,Batches past a limit,Minimum,Maximum,Mean,Low limit,High limit');
    expect(lines[1]).toBe('CONDITIONER_TEMP_C · Conditioner temperature,°C,DOWNSTREAM,3,1,77.5,82.4,80.1,70,81');

    await user.click(screen.getByRole('button', { name: 'Export Downstream report parameters' }));
    await user.click(await screen.findByTestId('diag-downstream-export-pdf'));
    await waitFor(() => expect(saved.files).toHaveLength(2));
    const pdf = api.sent('POST', `${REPORT_PATHS.downstreams}/generatePdf`)[0];
    expect(pdf.query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO });
    expect((pdf.body as { data: string }).data).toBe('rows');
  });

  it('explains which parameters are shown when there are none, with the way to configure them for who may', async () => {
    fakeApi(routes([]));
    show(DownstreamScreen, BASE, AT);
    const note = await screen.findByTestId('diag-no-downstream');
    expect(note).toHaveTextContent('No downstream report parameters are configured.');
    expect(note).toHaveTextContent('marked “downstream”');
    expect(within(note).queryByRole('link')).toBeNull();
  });

  it('links to the report parameters for a configurator', async () => {
    fakeApi(routes([]));
    show(DownstreamScreen, BASE, AT);
    useSession.setState({ role: 'ADMIN', privileges: [] });
    const link = await screen.findByRole('link', { name: 'Configure report parameters' });
    expect(link).toHaveAttribute('href', '/configurator/additionalparameters/reportparameters');
  });
});
