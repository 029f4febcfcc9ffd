import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_PATHS } from '../api/report-types';
import { failed, fakeApi, ok, type Reply } from '@/test/fake-api';
import { FROM, MATERIALS, RANGE, report, row, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import { todaySoFar } from '../utils/dates';
import ConsumptionByMaterialsScreen from './consumption-by-materials-screen';

const BASE = '/reporting/consumption/bymaterials';
const DRILL = `${BASE}/:lineid/:materialcategoryid/:fromdatetime/:todatetime`;

const routes = (grouped: Reply = ok(MATERIALS), more: Record<string, Reply> = {}) => ({
  'GET /api/shifts/defaultfromtodate': ok(RANGE),
  'GET /api/shifts': ok([{ _id: 'S1', lineId: 'L1', name: 'Morning', startTime: '06:00', endTime: '14:00', days: ['MON'] }]),
  'GET /api/getallrecipebylineandtime': ok([]),
  'GET /api/productionschedulelist': ok([]),
  [`GET ${REPORT_PATHS.grouped}`]: grouped,
  ...more,
});

const bodyRows = () => within(screen.getByTestId('report-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const names = () => bodyRows().map((r) => within(r).getAllByRole('cell')[1].textContent);

describe('consumption by materials', () => {
  const saved = reportScreens();

  it('starts from the default range of every line, puts it in the address and shows rows, chart and totals', async () => {
    const api = fakeApi(routes());
    show(ConsumptionByMaterialsScreen, BASE);
    await screen.findByTestId('report-table');
    expect(api.sent('GET', '/api/shifts/defaultfromtodate')[0].query).toEqual({ lineId: 'ALL' });
    expect(Object.fromEntries(searchOf(screen.getByTestId('location')))).toEqual({ fromDateTime: FROM, toDateTime: TO });
    expect(api.sent('GET', REPORT_PATHS.grouped).map((c) => c.query)).toEqual([{ fromDateTime: FROM, toDateTime: TO, groupBy: 'material' }]);

    expect(screen.getByRole('heading', { level: 1, name: 'Consumption by Materials' })).toBeInTheDocument();
    expect(names()).toEqual(['Maize, yellow', 'Soja "HP"', 'Premix']);
    const corn = bodyRows()[0];
    expect(within(corn).getByRole('link', { name: 'Maize, yellow' })).toHaveAttribute(
      'href',
      `/reporting/consumption/bymaterial/ALL/CORN/${encodeURIComponent(FROM)}/${encodeURIComponent(TO)}`,
    );
    expect(corn.querySelector('[data-col="actualKg"]')).toHaveTextContent('1,200.46');
    expect(corn.querySelector('[data-col="sharePct"]')).toHaveTextContent('60.0%');
    const totals = screen.getByTestId('report-table-totals');
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Total');
    expect(totals.querySelector('[data-col="actualKg"]')).toHaveTextContent('2,000.86');
    expect(totals.querySelector('[data-col="sharePct"]')).toHaveTextContent('100.0%');
    expect(screen.getByRole('table', { name: /^Consumption by Materials, / })).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: 'Weighed (kg)' });
    expect(chart).toHaveAttribute('data-points', '3');
    expect(chart).toHaveAccessibleDescription(/3 values; highest Maize, yellow: 1,200.46; lowest Premix: 19.9/);
  });

  it('changes the grouping in the address and asks again', async () => {
    const api = fakeApi(routes((call) => ok(call.query.groupBy === 'day' ? report([row('2026-11-23T00:00:00', '2026-11-23T00:00:00', 2000.86)], 'day') : MATERIALS)));
    const user = userEvent.setup();
    show(ConsumptionByMaterialsScreen, BASE, `${BASE}?fromDateTime=${FROM}&toDateTime=${TO}`);
    await screen.findByTestId('report-table');
    expect(api.sent('GET', '/api/shifts/defaultfromtodate')).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(await screen.findByRole('option', { name: 'Day' }));
    await waitFor(() => expect(searchOf(screen.getByTestId('location')).get('groupBy')).toBe('day'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Period/ })).toBeInTheDocument());
    expect(api.sent('GET', REPORT_PATHS.grouped).at(-1)?.query.groupBy).toBe('day');
    expect(bodyRows()[0]).toHaveTextContent('Nov 23, 2026');
  });

  it('sorts by a heading on click and on the keyboard, saying so with aria-sort', async () => {
    fakeApi(routes());
    const user = userEvent.setup();
    show(ConsumptionByMaterialsScreen, BASE, `${BASE}?fromDateTime=${FROM}&toDateTime=${TO}`);
    await screen.findByTestId('report-table');
    const material = () => screen.getByRole('columnheader', { name: /^Material/ });
    const actual = () => screen.getByRole('columnheader', { name: /^Actual \(kg\)/ });
    expect(material()).toHaveAttribute('aria-sort', 'none');

    await user.click(within(material()).getByRole('button'));
    await waitFor(() => expect(material()).toHaveAttribute('aria-sort', 'ascending'));
    expect(names()).toEqual(['Maize, yellow', 'Premix', 'Soja "HP"']);
    expect(searchOf(screen.getByTestId('location')).get('sort')).toBe('name:asc');

    within(actual()).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(actual()).toHaveAttribute('aria-sort', 'descending'));
    expect(material()).toHaveAttribute('aria-sort', 'none');
    await user.keyboard(' ');
    await waitFor(() => expect(actual()).toHaveAttribute('aria-sort', 'ascending'));
    expect(names()).toEqual(['Premix', 'Soja "HP"', 'Maize, yellow']);
  });

  it('pages a long list on the client, the page in the address', async () => {
    const many = report(Array.from({ length: 60 }, (_, i) => row(`m${i}`, `Material ${i}`, 1000 - i)));
    fakeApi(routes(ok(many)));
    const user = userEvent.setup();
    show(ConsumptionByMaterialsScreen, BASE, `${BASE}?fromDateTime=${FROM}&toDateTime=${TO}`);
    await screen.findByTestId('report-table');
    expect(bodyRows()).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(names()[0]).toBe('Material 50');
    expect(searchOf(screen.getByTestId('location')).get('page')).toBe('3');
  });

  it('says so when nothing was weighed', async () => {
    fakeApi(routes(ok(report([]))));
    show(ConsumptionByMaterialsScreen, BASE, `${BASE}?fromDateTime=${FROM}&toDateTime=${TO}`);
    expect(await screen.findByTestId('report-table-empty')).toHaveTextContent('Nothing was weighed in this range.');
    expect(screen.queryByRole('img', { name: 'Weighed (kg)' })).toBeNull();
    expect(screen.getByTestId('report-export')).toBeDisabled();
  });

  it('shows the server’s field error next to the filter it names', async () => {
    fakeApi(routes(failed(400, 'Invalid request', { toDateTime: 'The range may be at most 400 days' })));
    show(ConsumptionByMaterialsScreen, BASE, `${BASE}?fromDateTime=2025-01-01T00:00:00Z&toDateTime=${TO}`);
    expect(await screen.findByTestId('report-error')).toHaveTextContent('The range may be at most 400 days');
    const to = screen.getByLabelText(/^To/);
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription('The range may be at most 400 days Plant time: UTC');
  });

  it('says "Error Getting Dates" when the default range fails, and shows today so far', async () => {
    const api = fakeApi(routes(ok(MATERIALS), { 'GET /api/shifts/defaultfromtodate': { status: 500, body: null } }));
    show(ConsumptionByMaterialsScreen, BASE);
    expect(await screen.findByText('Error Getting Dates')).toBeInTheDocument();
    await screen.findByTestId('report-table');
    const asked = api.sent('GET', REPORT_PATHS.grouped)[0].query;
    expect(asked.fromDateTime).toBe(todaySoFar(new Date()).from);
  });

  it('shows the server’s message when the default range is refused', async () => {
    fakeApi(routes(ok(MATERIALS), { 'GET /api/shifts/defaultfromtodate': failed(404, 'Line not found') }));
    show(ConsumptionByMaterialsScreen, BASE);
    expect(await screen.findByText('Line not found')).toBeInTheDocument();
  });

  it('drills into one category from the route, seeding line and range', async () => {
    const api = fakeApi(routes());
    show(ConsumptionByMaterialsScreen, DRILL, `${BASE}/L2/C1/${encodeURIComponent(FROM)}/${encodeURIComponent(TO)}`);
    await screen.findByTestId('report-table');
    expect(api.sent('GET', '/api/shifts/defaultfromtodate')).toHaveLength(0);
    expect(api.sent('GET', REPORT_PATHS.grouped)[0].query).toEqual({ lineId: 'L2', fromDateTime: FROM, toDateTime: TO, groupBy: 'material', materialCategoryId: 'C1' });
    expect(screen.getByRole('combobox', { name: 'Line' })).toHaveValue('Line 2');
    expect(screen.getByTestId('category-note')).toHaveTextContent('Only the materials of one category are shown.');
  });

  it('exports the columns shown as CSV and XLSX, and asks the server for the PDF with the same query', async () => {
    const api = fakeApi(routes(ok(MATERIALS), { [`POST ${REPORT_PATHS.grouped}/generatePdf`]: { raw: '%PDF-1.7', type: 'application/pdf' } }));
    const user = userEvent.setup();
    show(ConsumptionByMaterialsScreen, BASE, `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}&sort=name:asc`);
    await screen.findByTestId('report-table');
    const exportAs = async (kind: string) => {
      await user.click(screen.getByRole('button', { name: 'Export Consumption by Materials' }));
      await user.click(await screen.findByTestId(`report-export-${kind}`));
      await waitFor(() => expect(saved.files.some((f) => f.name.endsWith(`.${kind}`))).toBe(true));
      return saved.files.find((f) => f.name.endsWith(`.${kind}`))!;
    };

    const csv = await exportAs('csv');
    expect(csv.name).toMatch(/^Consumption_by_Materials_\d{4}-\d{2}-\d{2}_\d{4}\.csv$/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.blob.arrayBuffer());
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFCode,Material,Doses,Setpoint (kg),Actual (kg),Deviation (kg),Deviation (%),Share (%)');
    expect(lines[1]).toMatch(/^CORN,"Maize, yellow",4,1200,1200.456,0.456,0.038,59.9971$/);
    expect(lines[2]).toMatch(/^PREMIX,Premix,/);
    expect(lines[3]).toMatch(/^SOY,"Soja ""HP""",/);
    expect(lines[4]).toMatch(/^Total,,12,/);

    const xlsx = await exportAs('xlsx');
    expect(xlsx.blob.size).toBeGreaterThan(1000);

    await exportAs('pdf');
    const [pdf] = api.sent('POST', `${REPORT_PATHS.grouped}/generatePdf`);
    expect(pdf.query).toEqual(api.sent('GET', REPORT_PATHS.grouped)[0].query);
    expect(pdf.query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, groupBy: 'material' });
    expect(pdf.body).toEqual({
      heading: 'Consumption by Materials',
      title: 'Consumption by Materials',
      headers: ['Code', 'Material', 'Doses', 'Setpoint (kg)', 'Actual (kg)', 'Deviation (kg)', 'Deviation (%)', 'Share (%)'],
      matchKeys: ['code', 'name', 'figures.doses', 'figures.setpointKg', 'figures.actualKg', 'figures.deviationKg', 'figures.deviationPct', 'figures.sharePct'],
      data: 'rows',
      images: [],
    });
  });
});
