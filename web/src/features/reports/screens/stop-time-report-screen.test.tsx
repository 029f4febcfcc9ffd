import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok, type Reply } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { FROM, TO } from '../testing/fixtures';
import { PARETO, REASONS, stop, stopReport, STOPS } from '../testing/others-fixtures';
import { reportScreens } from '../testing/screen-setup';
import { show } from '../testing/show';
import StopTimeReportScreen from './stop-time-report-screen';

const BASE = '/reporting/others/stoptimereport';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`;
const ASSIGN = `${REPORT_PATHS.stops}/assignreason`;
const PDF = `${REPORT_PATHS.stops}/generatePdf`;

const routes = (more: Record<string, Reply> = {}) => ({
  'GET /api/shifts': ok([{ _id: 'S1', lineId: 'L1', name: 'Morning', startTime: '06:00', endTime: '14:00', days: ['MON'] }]),
  'GET /api/stopreasons': ok(REASONS),
  [`GET ${REPORT_PATHS.stops}`]: ok(stopReport()),
  [`POST ${PDF}`]: { raw: '%PDF-1.7', type: 'application/pdf' },
  ...more,
});

const stopRows = () => within(screen.getByTestId('report-stops-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`);
const figure = (id: string) => screen.getByTestId(`stop-totals-${id}`);

describe('stop-time report', () => {
  describe('for a supervisor', () => {
    reportScreens();

    it('shows the totals, the Pareto chart and table, and the stops with their reasons', async () => {
      const api = fakeApi(routes());
      show(StopTimeReportScreen, BASE, AT);
      await screen.findByTestId('report-stops-table');
      expect(api.sent('GET', REPORT_PATHS.stops).map((c) => [c.query.page, c.query.limit, c.query.lineId])).toEqual(
        expect.arrayContaining([
          ['1', '1', 'L1'],
          ['1', '50', 'L1'],
        ]),
      );

      expect(figure('stops')).toHaveTextContent('3');
      expect(figure('downtime')).toHaveTextContent('1:12:35');
      expect(figure('unqualified')).toHaveTextContent('1 · 1:02:05');
      expect(figure('planned')).toHaveTextContent('0:10:00');
      expect(figure('unplanned')).toHaveTextContent('1:02:35');
      expect(screen.getByRole('group', { name: 'Stop totals' })).toBeInTheDocument();

      const chart = screen.getByRole('img', { name: 'Downtime per stop reason (Pareto)' });
      expect(chart).toHaveAttribute('data-points', '3');
      expect(chart).toHaveAccessibleDescription(/3 stop reasons; the longest is Unqualified with 1:02:05 \(85\.6% of the downtime\)/);
      const pareto = within(screen.getByTestId('report-pareto-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
      expect(pareto.map((r) => cell(r, 'name')?.textContent)).toEqual(['Unqualified', 'SR-CLEAN · Cleaning', 'SR-BLOCKAGE · Conveyor blocked']);
      expect(cell(pareto[1], 'durationS')).toHaveTextContent('0:10:00');
      expect(cell(pareto[2], 'cumulativePct')).toHaveTextContent('100.0%');
      expect(screen.getByTestId('report-pareto-table-totals').querySelector('[data-col="durationS"]')).toHaveTextContent('1:12:35');

      const [blocked, fault, cleaning] = stopRows();
      expect(cell(blocked, 'reason')).toHaveTextContent('SR-BLOCKAGE · Conveyor blocked');
      expect(cell(blocked, 'durationS')).toHaveTextContent('0:00:30');
      expect(cell(blocked, 'planned')).toHaveTextContent('Unplanned');
      expect(cell(fault, 'endedAt')).toHaveTextContent('Ongoing');
      expect(cell(fault, 'state')).toHaveTextContent('Fault');
      expect(within(cell(fault, 'reason') as HTMLElement).getByTestId('stop-unqualified')).toHaveTextContent('Unqualified');
      expect(cell(cleaning, 'planned')).toHaveTextContent('Planned');
      expect(cell(cleaning, 'assignedBy')).toHaveTextContent('boss@plant.test');
      expect(screen.getByRole('combobox', { name: 'Shift' })).toBeInTheDocument();
    });

    it('gives an unqualified stop its reason in a dialog, shows the server’s message and refreshes the report', async () => {
      let assigned = false;
      const after = stopReport(
        [STOPS[0], { ...STOPS[1], reasonId: 'R3', reasonCode: 'SR-POWER', reasonName: 'Power cut', qualified: true, assignedBy: 'super@plant.test' }, STOPS[2]],
        [{ ...PARETO[0], key: 'R3', code: 'SR-POWER', name: 'Power cut' }, PARETO[1], PARETO[2]],
      );
      const api = fakeApi(
        routes({
          [`GET ${REPORT_PATHS.stops}`]: () => ok(assigned ? after : stopReport()),
          [`POST ${ASSIGN}`]: () => {
            assigned = true;
            return ok(after.stops[1], 'The stop’s reason was saved');
          },
        }),
      );
      const user = userEvent.setup();
      show(StopTimeReportScreen, BASE, AT);
      await screen.findByTestId('report-stops-table');
      const opener = within(stopRows()[1]).getByRole('button', { name: /^Assign reason: Line 1, / });
      await user.click(opener);

      const dialog = await screen.findByRole('dialog', { name: 'Assign a stop reason' });
      expect(within(dialog).getByTestId('assign-stop')).toHaveTextContent(/Stop of Line 1 at .*, 1:02:05 long; reason now: Unqualified\./);
      expect(api.sent('GET', '/api/stopreasons')[0].query).toEqual({ lineId: 'L1' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Stop reason' }));
      await user.click(await within(dialog).findByRole('option', { name: 'SR-POWER · Power cut' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(api.sent('POST', ASSIGN)).toHaveLength(1));
      expect(api.sent('POST', ASSIGN)[0].body).toEqual({ lineId: 'L1', startedAt: STOPS[1].startedAt, stopReasonId: 'R3' });
      expect(await screen.findByText('The stop’s reason was saved')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign a stop reason' })).toBeNull());
      // Totals, Pareto and the stop follow.
      await waitFor(() => expect(figure('unqualified')).toHaveTextContent('0 · 0:00:00'));
      expect(within(screen.getByTestId('report-pareto-table')).getByText('SR-POWER · Power cut')).toBeInTheDocument();
      expect(cell(stopRows()[1], 'reason')).toHaveTextContent('SR-POWER · Power cut');
    });

    it('keeps a refusal in the dialog: a reason of another line on the select, anything else in an alert', async () => {
      const api = fakeApi(
        routes({
          [`POST ${ASSIGN}`]: (_call, nth) =>
            nth === 0 ? failed(400, 'Invalid request', { stopReasonId: 'This stop reason is not one of the line' }) : failed(404, 'No stop starts at that time'),
        }),
      );
      const user = userEvent.setup();
      show(StopTimeReportScreen, BASE, AT);
      await screen.findByTestId('report-stops-table');
      await user.click(within(stopRows()[1]).getByRole('button', { name: /^Assign reason/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Assign a stop reason' });

      // Nothing chosen: said on the select, nothing sent.
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByRole('combobox', { name: 'Stop reason' })).toHaveAccessibleDescription('Choose a stop reason.');
      expect(api.sent('POST', ASSIGN)).toHaveLength(0);

      await user.click(within(dialog).getByRole('combobox', { name: 'Stop reason' }));
      await user.click(await within(dialog).findByRole('option', { name: 'SR-BLOCKAGE · Conveyor blocked' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Stop reason' })).toHaveAccessibleDescription('This stop reason is not one of the line'));

      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('No stop starts at that time');
      expect(screen.getByRole('dialog', { name: 'Assign a stop reason' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      // Closed by its labelled close button too.
      await user.click(within(stopRows()[1]).getByRole('button', { name: /^Assign reason/ }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Assign a stop reason' })).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('exports the Pareto and the stops as PDFs of their own lists, durations in seconds', async () => {
      const api = fakeApi(routes());
      const user = userEvent.setup();
      show(StopTimeReportScreen, BASE, AT);
      await screen.findByTestId('report-stops-table');
      await user.click(screen.getByRole('button', { name: 'Export Stop Time Report – Stop reasons' }));
      await user.click(await screen.findByTestId('report-pareto-export-pdf'));
      await user.click(screen.getByRole('button', { name: 'Export Stop Time Report – Stops' }));
      await user.click(await screen.findByTestId('report-stops-export-pdf'));
      await waitFor(() => expect(api.sent('POST', PDF)).toHaveLength(2));
      const [pareto, stops] = api.sent('POST', PDF).map((c) => c.body as { data: string; matchKeys: string[]; headers: string[] });
      expect(pareto).toMatchObject({ data: 'pareto', matchKeys: ['name', 'groupName', 'stops', 'durationS', 'sharePct', 'cumulativePct'] });
      expect(pareto.headers).toContain('Duration');
      expect(pareto.headers).not.toContain('Duration (s)');
      expect(stops.data).toBe('stops');
      expect(stops.matchKeys).toEqual(['startedAt', 'endedAt', 'durationS', 'lineName', 'state', 'reasonName', 'groupName', 'planned', 'assignedBy']);
    });
  });

  describe('for a reader without REPORTS_UPDATE', () => {
    reportScreens('PRIVILEGE', ['REPORTS_READ']);

    it('shows the report and the shift picker, without the assign action', async () => {
      fakeApi(routes());
      show(StopTimeReportScreen, BASE, AT);
      await screen.findByTestId('report-stops-table');
      expect(screen.queryByRole('button', { name: /^Assign reason/ })).toBeNull();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
      expect(screen.getByRole('combobox', { name: 'Shift' })).toBeInTheDocument();
    });
  });

  describe('for a user holding REPORTS_UPDATE', () => {
    reportScreens('PRIVILEGE', ['REPORTS_UPDATE']);

    it('offers the assign action on every stop', async () => {
      fakeApi(routes({ [`GET ${REPORT_PATHS.stops}`]: ok(stopReport([stop(1), stop(2)])) }));
      show(StopTimeReportScreen, BASE, AT);
      await screen.findByTestId('report-stops-table');
      expect(screen.getAllByRole('button', { name: /^Assign reason/ })).toHaveLength(2);
    });
  });
});
