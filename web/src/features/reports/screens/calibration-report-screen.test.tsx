import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type SentCall } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { FROM, TO } from '../testing/fixtures';
import { calibration } from '../testing/others-fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import CalibrationReportScreen from './calibration-report-screen';

const BASE = '/reporting/others/calibrationReport';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`;
const SCALES = [
  { _id: 'SC1', lineId: 'L1', code: 'S-MAJOR', name: 'Major', type: 'MAJOR', capacityKg: 3000 },
  { _id: 'SC2', lineId: 'L1', code: 'S-MICRO', name: 'Micro', type: 'MICRO', capacityKg: 25 },
];

const routes = (total = 3) => ({
  'GET /api/scales': ok(SCALES),
  [`GET ${REPORT_PATHS.calibration}`]: (call: SentCall) => ok(calibration(Number(call.query.page), Number(call.query.limit), total)),
});

const bodyRows = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`);

describe('calibration report', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('shows every scale with its due date, overdue ones marked, the interval, and the checks with pass or fail', async () => {
    fakeApi(routes());
    show(CalibrationReportScreen, BASE, AT);
    await screen.findByTestId('report-checks-table');
    expect(screen.getByTestId('calibration-figures-interval')).toHaveTextContent('90 days');
    expect(screen.getByTestId('calibration-figures-overdue')).toHaveTextContent('1');
    expect(screen.getByTestId('calibration-figures-checks')).toHaveTextContent('3');

    const [major, micro] = bodyRows('report-scales-table');
    expect(cell(major, 'scale')).toHaveTextContent('S-MAJOR · Major');
    expect(cell(major, 'checks')).toHaveTextContent('2');
    expect(cell(major, 'passed')).toHaveTextContent('1');
    expect(cell(major, 'maxAbsErrorKg')).toHaveTextContent('1.25');
    expect(within(cell(major, 'lastPassed') as HTMLElement).getByTestId('check-fail')).toHaveTextContent('Fail');
    expect(cell(major, 'nextDueAt')).toHaveTextContent(/2027/);
    expect(cell(major, 'overdue')).toHaveTextContent('In date');
    expect(within(cell(micro, 'overdue') as HTMLElement).getByTestId('scale-overdue')).toHaveTextContent('Overdue');
    expect(cell(micro, 'lastCheckAt')).toHaveTextContent('—');

    const [first, second] = bodyRows('report-checks-table');
    expect(cell(first, 'testWeightKg')).toHaveTextContent('450.0');
    expect(cell(first, 'readingKg')).toHaveTextContent('450.004');
    expect(cell(first, 'errorKg')).toHaveTextContent('0.004');
    expect(within(cell(first, 'passed') as HTMLElement).getByTestId('check-pass')).toHaveTextContent('Pass');
    expect(within(cell(second, 'passed') as HTMLElement).getByTestId('check-fail')).toHaveTextContent('Fail');
    expect(cell(second, 'errorPct')).toHaveTextContent('0.28%');
    expect(cell(second, 'checkedBy')).toHaveTextContent('simulator');
  });

  it('pages the checks on the server and narrows them to the scale chosen', async () => {
    const api = fakeApi(routes(120));
    const user = userEvent.setup();
    show(CalibrationReportScreen, BASE, AT);
    await screen.findByTestId('report-checks-table');
    expect(bodyRows('report-checks-table')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(bodyRows('report-checks-table')).toHaveLength(20));
    expect(searchOf(screen.getByTestId('location')).get('checks.page')).toBe('3');

    await user.click(screen.getByRole('combobox', { name: 'Scale' }));
    await user.click(await screen.findByRole('option', { name: 'S-MICRO · Micro' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.calibration).at(-1)?.query).toMatchObject({ scaleId: 'S-MICRO', page: '1', limit: '50' }));
    expect(searchOf(screen.getByTestId('location')).get('checks.page')).toBeNull();
  });

  it('says so when no scale was checked', async () => {
    fakeApi(routes(0));
    show(CalibrationReportScreen, BASE, AT);
    expect(await screen.findByTestId('report-checks-table-empty')).toHaveTextContent('No calibration checks in this range.');
  });
});
