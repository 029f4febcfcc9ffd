import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/test/render';
import { REPORT_PATHS, type ReportRow } from '../api/report-types';
import { fakeApi, failed } from '@/test/fake-api';
import { FROM, MATERIALS, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { figure, textColumn } from '../utils/columns';
import { useReportExport, type ExportSource } from './use-report-export';

const PDF = `${REPORT_PATHS.grouped}/generatePdf`;

const source: ExportSource<ReportRow> = {
  heading: 'Consumption by Materials',
  columns: [
    textColumn('name', 'web.report.col.material', 'name'),
    figure('actualKg'),
    textColumn('go', 'web.report.col.shifts', 'key', { action: true }),
  ],
  rows: () => Promise.resolve(MATERIALS.rows),
  totals: MATERIALS.totals,
  path: REPORT_PATHS.grouped,
  params: { lineId: 'L1', fromDateTime: FROM, toDateTime: TO, groupBy: 'material' },
  rowsField: 'rows',
  charts: () => [{ png: () => 'data:image/png;base64,iVBORw0KGgo=', title: 'Weighed (kg)' }, null],
  from: FROM,
};

function Probe() {
  const { busy, run } = useReportExport(source);
  return (
    <>
      <button onClick={() => void run('pdf')}>pdf</button>
      <output data-testid="busy">{busy ?? 'idle'}</output>
    </>
  );
}

describe('the PDF export', () => {
  const saved = reportScreens();

  it('sends the charts shown as PNG data URLs with their titles, the data columns only, and saves the answer', async () => {
    const api = fakeApi({ [`POST ${PDF}`]: { raw: '%PDF-1.7', type: 'application/pdf' } });
    const user = userEvent.setup();
    renderAt('/', [{ path: '/', element: <Probe /> }]);
    await user.click(screen.getByRole('button', { name: 'pdf' }));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    expect(saved.files[0].name).toMatch(/^Consumption_by_Materials_.*\.pdf$/);
    expect(saved.files[0].blob.type).toBe('application/pdf');
    const [sent] = api.sent('POST', PDF);
    expect(sent.query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, groupBy: 'material' });
    expect(sent.body).toEqual({
      heading: 'Consumption by Materials',
      title: 'Consumption by Materials',
      headers: ['Material', 'Actual (kg)'],
      matchKeys: ['name', 'figures.actualKg'],
      data: 'rows',
      images: ['data:image/png;base64,iVBORw0KGgo='],
      imageTitles: ['Weighed (kg)'],
    });
    expect(screen.getByTestId('busy')).toHaveTextContent('idle');
  });

  it('shows the server’s message when the PDF is refused', async () => {
    fakeApi({ [`POST ${PDF}`]: failed(400, 'Invalid', { toDateTime: 'The range may be at most 400 days' }) });
    const user = userEvent.setup();
    renderAt('/', [{ path: '/', element: <Probe /> }]);
    await user.click(screen.getByRole('button', { name: 'pdf' }));
    expect(await screen.findByText('The range may be at most 400 days')).toBeInTheDocument();
    expect(saved.files).toHaveLength(0);
  });
});
