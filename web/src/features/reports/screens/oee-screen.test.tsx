import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type Reply } from '@/test/fake-api';
import { REPORT_PATHS, type Oee } from '../api/report-types';
import { FROM } from '../testing/fixtures';
import { OEE_TO, oeeReport } from '../testing/oee-fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import OeeScreen from './oee-screen';

const BASE = '/reporting/others/oee';
const AT = `${BASE}?lineId=ALL&fromDateTime=${FROM}&toDateTime=${OEE_TO}`;
const PATH = REPORT_PATHS.oee;
const PDF = `${PATH}/generatePdf`;

const routes = (more: Record<string, Reply> = {}) => ({
  [`GET ${PATH}`]: (call: { query: Record<string, string> }) => ok(oeeReport((call.query.groupBy ?? 'day') as Oee['groupBy'])),
  [`POST ${PDF}`]: { raw: '%PDF-1.7', type: 'application/pdf' },
  'GET /api/shifts': ok([]),
  ...more,
});

const rowsOf = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`) as HTMLElement;
const kpi = (id: string) => screen.getByTestId(`oee-kpis-${id}`);
/** The explanation of a "—" cell: its tooltip, which screen readers hear too. */
const gap = (el: HTMLElement) => el.querySelector('[title]')?.getAttribute('title');

describe('OEE report', () => {
  const saved = reportScreens();

  it('shows the selection’s factors as cards, each day of each line and each line, with the reasons where a factor is not measurable', async () => {
    const api = fakeApi(routes());
    show(OeeScreen, BASE, AT);
    await screen.findByTestId('report-rows-table');
    // One call answers both tables, grouped per day by default; no recipe, order or batch filter.
    expect(api.sent('GET', PATH).map((c) => c.query)).toEqual([{ fromDateTime: FROM, toDateTime: OEE_TO, groupBy: 'day' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'OEE' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Group by' })).toHaveValue('Day');
    expect(screen.getByRole('combobox', { name: 'Shift' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Recipe' })).toBeNull();

    const cards = screen.getByRole('group', { name: 'OEE of the selection' });
    expect(within(cards).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'OEE',
      'Availability',
      'Performance',
      'Quality',
      'Planned production time',
      'Running time',
      'Good output (kg)',
      'All output (kg)',
    ]);
    // 1,000 kg of line 1's second day had no ideal rate: no performance, so no OEE.
    expect(kpi('oee')).toHaveTextContent('—');
    expect(screen.getByTestId('oee-kpis-oee-hint')).toHaveTextContent('No ideal rate for 1,000 kg');
    expect(screen.getByTestId('oee-kpis-performance-hint')).toHaveTextContent('No ideal rate for 1,000 kg');
    // 12:24 h running of 31:30 h planned, 69 of 70 t good.
    expect(kpi('availability')).toHaveTextContent('39.4%');
    expect(screen.getByTestId('oee-kpis-availability-hint')).toHaveTextContent('Running time ÷ planned production time');
    expect(kpi('quality')).toHaveTextContent('98.6%');
    expect(kpi('planned')).toHaveTextContent('31:30:00');
    expect(screen.getByTestId('oee-kpis-planned-hint')).toHaveTextContent('Shifts 32:00:00 less planned stops 0:30:00');
    expect(kpi('running')).toHaveTextContent('12:24:00');
    expect(kpi('goodKg')).toHaveTextContent('69,000.0');
    expect(kpi('actualKg')).toHaveTextContent('70,000.0');
    expect(screen.getByTestId('oee-kpis-actualKg-hint')).toHaveTextContent('1,000.0 kg without an ideal rate');

    // The trend: one series per line, OEE at first.
    const chart = screen.getByRole('img', { name: 'OEE per day (%)' });
    expect(chart).toHaveAttribute('data-points', '2');
    expect(chart).toHaveAccessibleDescription(/^OEE: 2 values; highest Line 1 · Nov 23, 2026: 70\.2%; lowest Line 2 · Nov 24, 2026: 0%/);
    expect(screen.getByRole('radiogroup', { name: 'Factor shown' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'OEE per day' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^OEE per day, / })).toBe(screen.getByTestId('report-rows-table'));
    const heads = within(screen.getByTestId('report-rows-table')).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(heads).toEqual([
      'Line',
      'Date',
      'Planned time',
      'Running',
      'Planned stops',
      'Unplanned stops',
      'Idle',
      'Unknown',
      'Batches',
      'Output (kg)',
      'Good (kg)',
      'Without ideal rate (kg)',
      'Availability (%)',
      'Performance (%)',
      'Quality (%)',
      'OEE (%)',
    ]);
    const [ran, unrated, silent, idle] = rowsOf('report-rows-table');
    expect(cell(ran, 'lineName')).toHaveTextContent('Line 1');
    expect(cell(ran, 'date')).toHaveTextContent('Nov 23, 2026');
    expect(cell(ran, 'plannedS')).toHaveTextContent('7:30:00');
    expect(cell(ran, 'runningS')).toHaveTextContent('6:00:00');
    expect(cell(ran, 'plannedStopS')).toHaveTextContent('0:30:00');
    expect(cell(ran, 'unplannedStopS')).toHaveTextContent('1:00:00');
    expect(cell(ran, 'batches')).toHaveTextContent('40');
    expect(cell(ran, 'goodKg')).toHaveTextContent('39,000.0');
    expect(cell(ran, 'availability')).toHaveTextContent('80.0%');
    expect(cell(ran, 'performance')).toHaveTextContent('90.0%');
    expect(cell(ran, 'quality')).toHaveTextContent('97.5%');
    expect(cell(ran, 'oee')).toHaveTextContent('70.2%');

    // Not measurable: "—" with the reason as tooltip and as text for screen readers.
    expect(gap(cell(unrated, 'performance'))).toBe('No ideal rate for 1,000 kg');
    expect(within(cell(unrated, 'performance')).getByText('No ideal rate for 1,000 kg')).toBeInTheDocument();
    expect(within(cell(unrated, 'performance')).getByText('—')).toHaveAttribute('aria-hidden', 'true');
    expect(gap(cell(unrated, 'oee'))).toBe('No ideal rate for 1,000 kg');
    expect(cell(unrated, 'unratedKg')).toHaveTextContent('1,000.0');
    expect(gap(cell(silent, 'availability'))).toBe('The line reports no states');
    expect(cell(silent, 'unknownS')).toHaveTextContent('8:00:00');
    expect(gap(cell(silent, 'performance'))).toBe('Not running');
    expect(gap(cell(silent, 'quality'))).toBe('Nothing made');
    expect(gap(cell(silent, 'oee'))).toBe('The line reports no states');
    // Planned and never ran: OEE 0, performance and quality not measurable.
    expect(cell(idle, 'availability')).toHaveTextContent('0.0%');
    expect(cell(idle, 'oee')).toHaveTextContent('0.0%');
    expect(gap(cell(idle, 'performance'))).toBe('Not running');

    const total = screen.getByTestId('report-rows-table-totals');
    expect(within(total).getByRole('rowheader')).toHaveTextContent('Total');
    expect(total.querySelector('[data-col="plannedS"]')).toHaveTextContent('31:30:00');
    expect(total.querySelector('[data-col="availability"]')).toHaveTextContent('39.37%');
    expect(total.querySelector('[data-col="performance"]')).toHaveTextContent('—');

    // Each line over the range.
    expect(screen.getByRole('heading', { level: 2, name: 'OEE per line' })).toBeInTheDocument();
    const [l1, l2] = rowsOf('report-lines-table');
    expect(within(screen.getByTestId('report-lines-table')).queryByRole('columnheader', { name: /Date/ })).toBeNull();
    expect(cell(l1, 'availability')).toHaveTextContent('80.0%');
    expect(gap(cell(l1, 'oee'))).toBe('No ideal rate for 1,000 kg');
    expect(cell(l2, 'oee')).toHaveTextContent('0.0%');
    expect(gap(cell(l2, 'quality'))).toBe('Nothing made');
  });

  it('groups per shift or per line as chosen, in the address and the query', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(OeeScreen, BASE, AT);
    await screen.findByTestId('report-rows-table');
    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(await screen.findByRole('option', { name: 'Shift' }));
    await waitFor(() => expect(searchOf(screen.getByTestId('location')).get('groupBy')).toBe('shift'));
    await screen.findByRole('heading', { level: 2, name: 'OEE per shift' });
    expect(api.sent('GET', PATH).at(-1)?.query).toEqual({ fromDateTime: FROM, toDateTime: OEE_TO, groupBy: 'shift' });
    const [first] = rowsOf('report-rows-table');
    expect(cell(first, 'shiftName')).toHaveTextContent('Morning');
    expect(screen.getByRole('img', { name: 'OEE per shift (%)' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(await screen.findByRole('option', { name: 'Line' }));
    await screen.findByRole('heading', { level: 2, name: 'OEE per line' });
    expect(api.sent('GET', PATH).at(-1)?.query.groupBy).toBe('line');
    // The groups are the lines: one table of them, no trend.
    expect(screen.queryByTestId('report-lines-table')).toBeNull();
    expect(rowsOf('report-rows-table')).toHaveLength(2);
    expect(screen.queryByRole('img', { name: /per day|per shift/ })).toBeNull();
  });

  it('draws one line’s four factors, and says how OEE is computed', async () => {
    const one = oeeReport('day');
    one.rows = one.rows.filter((r) => r.lineId === 'L1');
    const api = fakeApi(routes({ [`GET ${PATH}`]: ok(one) }));
    show(OeeScreen, BASE, `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${OEE_TO}&groupBy=day`);
    await screen.findByTestId('report-rows-table');
    expect(api.sent('GET', PATH)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: OEE_TO, groupBy: 'day' });
    expect(screen.queryByRole('radiogroup', { name: 'Factor shown' })).toBeNull();
    const chart = screen.getByRole('img', { name: 'OEE per day (%)' });
    expect(chart).toHaveAccessibleDescription(/^OEE: 1 value; highest Nov 23, 2026: 70\.2%/);
    const how = screen.getByTestId('oee-how');
    expect(within(how).getByText('How OEE is computed').tagName).toBe('SUMMARY');
    expect(how).toHaveTextContent('Availability = running time ÷ planned production time');
    expect(how).toHaveTextContent('Ideal rates come from Configurator → Ideal rates');
  });

  it('exports the groups and the lines, the PDF naming its list, the CSV with the factors as fractions', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(OeeScreen, BASE, AT);
    await screen.findByTestId('report-rows-table');
    for (const [name, id] of [
      ['OEE per day', 'rows'],
      ['OEE per line', 'lines'],
    ]) {
      await user.click(screen.getByRole('button', { name: `Export OEE – ${name}` }));
      await user.click(await screen.findByTestId(`report-${id}-export-pdf`));
      await waitFor(() => expect(screen.getByRole('button', { name: `Export OEE – ${name}` })).toBeEnabled());
    }
    await waitFor(() => expect(api.sent('POST', PDF)).toHaveLength(2));
    const [groups, lines] = api.sent('POST', PDF);
    expect(groups.query).toEqual({ fromDateTime: FROM, toDateTime: OEE_TO, groupBy: 'day' });
    expect(groups.body).toMatchObject({
      heading: 'OEE – OEE per day',
      data: 'rows',
      matchKeys: ['lineName', 'date', 'plannedS', 'runningS', 'plannedStopS', 'unplannedStopS', 'idleS', 'unknownS', 'batches', 'actualKg', 'goodKg', 'unratedKg', 'availability', 'performance', 'quality', 'oee'],
    });
    expect((groups.body as { headers: string[] }).headers).toContain('OEE (ratio)');
    expect(lines.body).toMatchObject({ heading: 'OEE – OEE per line', data: 'lines' });

    saved.files = [];
    await user.click(screen.getByRole('button', { name: 'Export OEE – OEE per day' }));
    await user.click(await screen.findByTestId('report-rows-export-csv'));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved.files[0].blob.arrayBuffer()).trimEnd().split('\r\n');
    expect(csv[0]).toBe(
      '\uFEFFLine,Date,Planned time (s),Running (s),Planned stops (s),Unplanned stops (s),Idle (s),Unknown (s),Batches,Output (kg),Good (kg),Without ideal rate (kg),' +
        'Availability (ratio),Performance (ratio),Quality (ratio),OEE (ratio)',
    );
    expect(csv[1]).toBe('Line 1,"Nov 23, 2026",27000,21600,1800,3600,1800,0,40,40000,39000,0,0.8,0.9,0.975,0.702');
    // Not measurable: an empty cell.
    expect(csv[3]).toBe('Line 2,"Nov 23, 2026",28800,0,0,0,0,28800,0,0,0,0,,,,');
  });
});
