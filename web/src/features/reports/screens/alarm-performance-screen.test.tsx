import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type Reply } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { FROM } from '../testing/fixtures';
import { ALARM_TO, alarmPerformance, quietAlarmPerformance } from '../testing/others-fixtures';
import { reportScreens } from '../testing/screen-setup';
import { show } from '../testing/show';
import AlarmPerformanceScreen from './alarm-performance-screen';

const BASE = '/reporting/others/alarmperformance';
const AT = `${BASE}?lineId=ALL&fromDateTime=${FROM}&toDateTime=${ALARM_TO}`;
const PATH = REPORT_PATHS.alarmPerformance;
const PDF = `${PATH}/generatePdf`;

const routes = (more: Record<string, Reply> = {}) => ({
  [`GET ${PATH}`]: ok(alarmPerformance()),
  [`POST ${PDF}`]: { raw: '%PDF-1.7', type: 'application/pdf' },
  ...more,
});

const rowsOf = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`);
const kpi = (id: string) => screen.getByTestId(`alarm-kpis-${id}`);

describe('alarm performance report', () => {
  const saved = reportScreens();

  it('shows the selection’s measures against ISA-18.2, each line with the lines together as total, and the lists', async () => {
    const api = fakeApi(routes());
    show(AlarmPerformanceScreen, BASE, AT);
    await screen.findByTestId('report-lines-table');
    // One call answers every section (every line: no line sent).
    expect(api.sent('GET', PATH).map((c) => c.query)).toEqual([{ fromDateTime: FROM, toDateTime: ALARM_TO }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Alarm Performance' })).toBeInTheDocument();

    // The lines together: 13 alarms in 24 line-periods, 23 acceptable, 1 flood.
    const cards = screen.getByRole('group', { name: 'Alarm performance of the selection' });
    expect(within(cards).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Alarms',
      'Average per 10 minutes',
      'Acceptable periods',
      'Flood periods',
      'Peak per 10 minutes',
      'Chattering alarms',
      'Standing alarms',
      'Time to acknowledge (median)',
      'Time to acknowledge (90th percentile)',
    ]);
    expect(kpi('alarms')).toHaveTextContent('13');
    expect(screen.getByTestId('alarm-kpis-alarms-hint')).toHaveTextContent('in 24 10-minute periods');
    expect(kpi('average')).toHaveTextContent('0.54');
    expect(screen.getByTestId('alarm-kpis-average-hint')).toHaveTextContent('ISA-18.2 target: ≤ 1 acceptable, > 10 flood');
    expect(kpi('acceptable')).toHaveTextContent('95.83%');
    expect(kpi('flood')).toHaveTextContent('4.17%');
    expect(screen.getByTestId('alarm-kpis-flood-hint')).toHaveTextContent('1 period with more than 10 alarms');
    expect(kpi('peak')).toHaveTextContent('11');
    expect(kpi('chattering')).toHaveTextContent('3');
    expect(kpi('standing')).toHaveTextContent('1');
    expect(kpi('ackMedian')).toHaveTextContent('3 min 10 s');
    expect(kpi('ackP90')).toHaveTextContent('12 min 5 s');
    expect(screen.getByTestId('alarm-kpis-ackMedian-hint')).toHaveTextContent('12 acknowledged, 1 not acknowledged');

    // Line 1: 13 alarms in 12 periods → 1.08 per 10 minutes, 11 of 12 acceptable, 1 of 12 a flood.
    expect(screen.getByRole('table', { name: /^Alarm rate per line, / })).toBe(screen.getByTestId('report-lines-table'));
    const [l1, l2] = rowsOf('report-lines-table');
    expect(rowsOf('report-lines-table')).toHaveLength(2);
    expect(cell(l1, 'lineName')).toHaveTextContent('Line 1');
    expect(cell(l1, 'alarms')).toHaveTextContent('13');
    expect(cell(l1, 'averagePerTenMinutes')).toHaveTextContent('1.08');
    expect(cell(l1, 'acceptableShare')).toHaveTextContent('91.67%');
    expect(cell(l1, 'floodShare')).toHaveTextContent('8.33%');
    expect(cell(l1, 'ackMedian')).toHaveTextContent('0:03:10');
    expect(cell(l2, 'acceptableShare')).toHaveTextContent('100.0%');
    expect(cell(l2, 'ackMedian')).toHaveTextContent('—');
    const total = screen.getByTestId('report-lines-table-totals');
    expect(within(total).getByRole('rowheader')).toHaveTextContent('Total');
    expect(total.querySelector('[data-col="periods"]')).toHaveTextContent('24');
    expect(total.querySelector('[data-col="averagePerTenMinutes"]')).toHaveTextContent('0.54');
    expect(total.querySelector('[data-col="acceptableShare"]')).toHaveTextContent('95.83%');
    expect(total.querySelector('[data-col="ackP90"]')).toHaveTextContent('0:12:05');

    // The ten most frequent, with their chart.
    expect(screen.getByRole('heading', { level: 2, name: 'Ten most frequent alarms' })).toBeInTheDocument();
    const top = rowsOf('report-top-table');
    expect(top.map((r) => cell(r, 'code')?.textContent)).toEqual(['A-101', 'A-205', 'A-310']);
    expect(cell(top[0], 'text')).toHaveTextContent('Mixer door open');
    expect(cell(top[0], 'lineName')).toHaveTextContent('Line 1');
    expect(within(cell(top[0], 'severity') as HTMLElement).getByTestId('severity-CRITICAL')).toHaveTextContent('Critical');
    expect(cell(top[0], 'alarms')).toHaveTextContent('6');
    expect(cell(top[0], 'share')).toHaveTextContent('46.15%');
    const chart = screen.getByRole('img', { name: 'Alarms of the ten most frequent alarm points' });
    expect(chart).toHaveAttribute('data-points', '3');
    expect(chart).toHaveAccessibleDescription(/3 values; highest A-101: 6; lowest A-310: 3/);

    const [chattering] = rowsOf('report-chattering-table');
    expect(cell(chattering, 'code')).toHaveTextContent('A-101');
    expect(cell(chattering, 'chattering')).toHaveTextContent('3');
    expect(cell(chattering, 'bursts')).toHaveTextContent('1');

    // Floods and standing alarms in plant time (both lines keep UTC).
    expect(screen.getByRole('table', { name: /^Alarm floods, .*\(UTC\)$/ })).toBeInTheDocument();
    const [flood] = rowsOf('report-floods-table');
    expect(cell(flood, 'from')).toHaveTextContent('Nov 23, 2026, 06:50');
    expect(cell(flood, 'to')).toHaveTextContent('Nov 23, 2026, 07:00');
    expect(cell(flood, 'alarms')).toHaveTextContent('11');
    expect(cell(flood, 'peak')).toHaveTextContent('11');
    const [active, returned] = rowsOf('report-standing-table');
    expect(cell(active, 'raisedAt')).toHaveTextContent('Nov 21, 2026, 06:30');
    expect(cell(active, 'hours')).toHaveTextContent('49.5');
    expect(cell(active, 'returnedAt')).toHaveTextContent('Still active');
    expect(cell(returned, 'returnedAt')).toHaveTextContent('Nov 23, 2026, 06:15');
  });

  it('exports each list as a PDF of its own, and the lines as CSV with the total and shares as fractions', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(AlarmPerformanceScreen, BASE, AT);
    await screen.findByTestId('report-lines-table');
    for (const [name, id] of [
      ['Summary', 'lines'],
      ['Ten most frequent alarms', 'top'],
      ['Standing alarms', 'standing'],
    ]) {
      await user.click(screen.getByRole('button', { name: `Export Alarm Performance – ${name}` }));
      await user.click(await screen.findByTestId(`report-${id}-export-pdf`));
      await waitFor(() => expect(screen.getByRole('button', { name: `Export Alarm Performance – ${name}` })).toBeEnabled());
    }
    await waitFor(() => expect(api.sent('POST', PDF)).toHaveLength(3));
    const [lines, top, standing] = api.sent('POST', PDF);
    expect(lines.query).toEqual({ fromDateTime: FROM, toDateTime: ALARM_TO });
    expect(lines.body).toMatchObject({
      heading: 'Alarm Performance – Summary',
      data: 'lines',
      matchKeys: [
        'lineName',
        'alarms',
        'periods',
        'averagePerTenMinutes',
        'peakPerTenMinutes',
        'acceptableShare',
        'floodShare',
        'floodPeriods',
        'chattering',
        'standing',
        'acknowledgement.medianS',
        'acknowledgement.p90S',
        'acknowledgement.unacknowledged',
      ],
    });
    const headers = (lines.body as { headers: string[] }).headers;
    expect(headers).toContain('Acceptable (0–1)');
    expect(headers).toContain('Time to acknowledge, median');
    expect(top.body).toMatchObject({
      heading: 'Alarm Performance – Ten most frequent alarms',
      data: 'top',
      headers: ['Code', 'Text', 'Line', 'Severity', 'Alarms', 'Share (0–1)'],
      matchKeys: ['code', 'text', 'lineName', 'severity', 'alarms', 'share'],
    });
    expect((top.body as { images: string[] }).images).toEqual([]);
    expect(standing.body).toMatchObject({ data: 'standing', matchKeys: ['code', 'text', 'lineName', 'raisedAt', 'hours', 'returnedAt'] });

    saved.files = [];
    await user.click(screen.getByRole('button', { name: 'Export Alarm Performance – Summary' }));
    await user.click(await screen.findByTestId('report-lines-export-csv'));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    expect(saved.files[0].name).toMatch(/^Alarm_Performance_Summary_.*\.csv$/);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved.files[0].blob.arrayBuffer()).trimEnd().split('\r\n');
    expect(csv[0]).toBe(
      '\uFEFFLine,Alarms,10-minute periods,Average / 10 min,Peak / 10 min,Acceptable (0–1),Flood (0–1),Flood periods,Chattering,Standing,' +
        '"Time to acknowledge, median (s)","Time to acknowledge, 90th percentile (s)",Not acknowledged',
    );
    expect(csv[1]).toBe('Line 1,13,12,1.0833,11,0.9167,0.0833,1,3,1,190,725,1');
    expect(csv[3]).toBe('Total,13,24,0.5417,11,0.9583,0.0417,1,3,1,190,725,1');
  });

  it('says so when the range had no alarm', async () => {
    fakeApi(routes({ [`GET ${PATH}`]: ok(quietAlarmPerformance()) }));
    show(AlarmPerformanceScreen, BASE, AT);
    expect(await screen.findByTestId('alarm-kpis-empty')).toHaveTextContent('No alarm was raised in this range: there is nothing to measure.');
    expect(screen.queryByRole('group', { name: 'Alarm performance of the selection' })).toBeNull();
    expect(screen.getByTestId('report-top-table-empty')).toHaveTextContent('No alarm was raised in this range.');
    expect(screen.getByTestId('report-chattering-table-empty')).toHaveTextContent('No alarm chattered in this range.');
    expect(screen.getByTestId('report-floods-table-empty')).toHaveTextContent('No alarm flood in this range.');
    expect(screen.getByTestId('report-standing-table-empty')).toHaveTextContent('No alarm stood for more than 24 hours in this range.');
    expect(screen.queryByRole('img', { name: 'Alarms of the ten most frequent alarm points' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export Alarm Performance – Ten most frequent alarms' })).toBeDisabled();
  });
});
