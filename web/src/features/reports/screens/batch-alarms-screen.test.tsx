import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok, type SentCall } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { alarmList, BATCH, DETAILS, ENDED, STARTED } from '../testing/batch-fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import BatchAlarmsScreen from './batch-alarms-screen';

const BASE = '/reporting/batch/batchsummary/:id/alarms';
const AT = `/reporting/batch/batchsummary/${BATCH}/alarms?lineId=L1`;

const routes = (total = 3) => ({
  [`GET ${REPORT_PATHS.batchDetails}`]: ok(DETAILS),
  [`GET ${REPORT_PATHS.batchAlarms}`]: (call: SentCall) => ok(alarmList(Number(call.query.page), Number(call.query.limit), total)),
});

const bodyRows = () => within(screen.getByTestId('report-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`) as HTMLElement;

describe('alarms of a batch', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('lists the batch’s alarms with their severity in words and colour, raised, acknowledged and cleared, and links back to the batch', async () => {
    const api = fakeApi(routes());
    show(BatchAlarmsScreen, BASE, AT);
    expect(await screen.findByRole('heading', { level: 1, name: `Alarms of batch ${BATCH}` })).toBeInTheDocument();
    await screen.findByTestId('report-table');
    expect(api.sent('GET', REPORT_PATHS.batchAlarms)[0].query).toEqual({ batchId: BATCH, lineId: 'L1', fromDateTime: STARTED, toDateTime: ENDED, page: '1', limit: '50' });
    expect(screen.getByTestId('batch-alarms-of')).toHaveTextContent('GROWER · v2 · Grower on Line 1');

    const [critical, warning] = bodyRows();
    const mark = within(cell(critical, 'severity')).getByTestId('severity-CRITICAL');
    expect(mark).toHaveTextContent('Critical');
    expect(mark).toHaveAttribute('data-tone', 'bad');
    expect(cell(critical, 'text')).toHaveTextContent('Scale fault');
    expect(cell(critical, 'stopsLine')).toHaveTextContent('Yes');
    expect(cell(critical, 'ackedAt')).toHaveTextContent('—');
    expect(cell(critical, 'clearedAt')).toHaveTextContent('Active');
    expect(within(cell(warning, 'severity')).getByTestId('severity-WARNING')).toHaveTextContent('Warning');
    expect(cell(warning, 'raisedAt')).toHaveTextContent(/Nov 23, 2026/);
    expect(cell(warning, 'clearedAt')).toHaveTextContent(/Nov 23, 2026/);
    expect(cell(warning, 'durationS')).toHaveTextContent('0:01:30');

    expect(screen.getByRole('link', { name: `Back to batch ${BATCH}` })).toHaveAttribute('href', `/reporting/batch/batchdetails/${BATCH}?lineId=L1`);
  });

  it('pages on the server', async () => {
    const api = fakeApi(routes(70));
    const user = userEvent.setup();
    show(BatchAlarmsScreen, BASE, AT);
    await screen.findByTestId('report-table');
    expect(bodyRows()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(api.sent('GET', REPORT_PATHS.batchAlarms).at(-1)?.query.page).toBe('2');
    expect(searchOf(screen.getByTestId('location')).get('page')).toBe('2');
    expect(searchOf(screen.getByTestId('location')).get('lineId')).toBe('L1');
  });

  it('says so when the batch raised none, or is not there', async () => {
    fakeApi(routes(0));
    const { unmount } = show(BatchAlarmsScreen, BASE, AT);
    expect(await screen.findByTestId('report-table-empty')).toHaveTextContent('No alarms were raised while this batch ran.');
    unmount();
    fakeApi({ [`GET ${REPORT_PATHS.batchDetails}`]: failed(404, 'Batch not found') });
    show(BatchAlarmsScreen, BASE, '/reporting/batch/batchsummary/NOPE/alarms');
    expect(await screen.findByTestId('batch-not-found')).toHaveTextContent('There is no batch NOPE.');
  });
});
