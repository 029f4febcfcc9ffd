import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok, type Reply, type SentCall } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { ALARM_CONFIG, alarmList, BATCH } from '../testing/batch-fixtures';
import { FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import AlarmListScreen from './alarm-list-screen';

const BASE = '/reporting/pcs/report/alarms';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`;
const CONFIG = '/api/reports/alarms/config';

const routes = (more: Record<string, Reply> = {}) => ({
  [`GET ${CONFIG}`]: ok(ALARM_CONFIG),
  [`GET ${REPORT_PATHS.alarms}`]: (call: SentCall) => ok(alarmList(Number(call.query.page), Number(call.query.limit), 3)),
  ...more,
});

const bodyRows = (testId = 'report-table') => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`) as HTMLElement;
const lastQuery = (api: ReturnType<typeof fakeApi>) => api.sent('GET', REPORT_PATHS.alarms).at(-1)?.query;

describe('alarm list', () => {
  describe('for a user of the reports', () => {
    reportScreens('PRIVILEGE', ['REPORTS_READ']);

    it('lists the alarms with their severity, times and batch, and no configuration', async () => {
      const api = fakeApi(routes());
      show(AlarmListScreen, BASE, AT);
      await screen.findByTestId('report-table');
      expect(lastQuery(api)).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, page: '1', limit: '50' });
      const [critical, warning] = bodyRows();
      expect(within(cell(critical, 'severity')).getByTestId('severity-CRITICAL')).toHaveTextContent('Critical');
      expect(cell(critical, 'clearedAt')).toHaveTextContent('Active');
      expect(cell(critical, 'lineName')).toHaveTextContent('Line 1');
      expect(within(cell(warning, 'batchId')).getByRole('link', { name: `Details of batch ${BATCH}` })).toHaveAttribute('href', `/reporting/batch/batchdetails/${BATCH}?lineId=L1`);
      expect(screen.queryByTestId('alarm-config')).toBeNull();
      expect(api.sent('PUT', CONFIG)).toHaveLength(0);
    });

    it('asks for the severities and codes chosen, comma-separated', async () => {
      const api = fakeApi(routes());
      const user = userEvent.setup();
      show(AlarmListScreen, BASE, AT);
      await screen.findByTestId('report-table');
      await user.click(screen.getByRole('combobox', { name: 'Severity' }));
      await user.click(await screen.findByRole('option', { name: 'Critical' }));
      await user.click(await screen.findByRole('option', { name: 'Warning' }));
      await waitFor(() => expect(lastQuery(api)?.severity).toBe('CRITICAL,WARNING'));
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('combobox', { name: 'Alarm code' }));
      await user.click(await screen.findByRole('option', { name: 'SCALE_FAULT' }));
      await waitFor(() => expect(lastQuery(api)).toMatchObject({ severity: 'CRITICAL,WARNING', alarmCode: 'SCALE_FAULT', page: '1' }));
      const where = searchOf(screen.getByTestId('location'));
      expect(where.get('severity')).toBe('CRITICAL,WARNING');
      expect(where.get('alarmCode')).toBe('SCALE_FAULT');
    });
  });

  describe('for an admin', () => {
    reportScreens('ADMIN');

    it('lists the configuration and saves an alarm’s severity, texts and whether it stops the line', async () => {
      const saved = { ...ALARM_CONFIG[0], severity: 'CRITICAL', stopsLine: true };
      const api = fakeApi(routes({ [`PUT ${CONFIG}`]: ok(saved, 'Alarm configuration saved.') }));
      const user = userEvent.setup();
      show(AlarmListScreen, BASE, AT);
      const table = await screen.findByTestId('alarm-config-table');
      const [overtemp, fault] = bodyRows('alarm-config-table');
      expect(within(cell(overtemp, 'severity')).getByTestId('severity-WARNING')).toBeInTheDocument();
      expect(cell(overtemp, 'text')).toHaveTextContent('Mixer over temperature');
      expect(cell(fault, 'stopsLine')).toHaveTextContent('Yes');
      expect(within(table).getByRole('columnheader', { name: 'Changed by' })).toBeInTheDocument();

      await user.click(within(table).getByRole('button', { name: 'Edit alarm MIX_OVERTEMP' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit alarm MIX_OVERTEMP' });
      expect(within(dialog).getByRole('textbox', { name: 'Text (German)' })).toHaveValue('Mischer Übertemperatur');
      await user.click(within(dialog).getByRole('combobox', { name: 'Severity' }));
      await user.click(await within(dialog).findByRole('option', { name: 'Critical' }));
      const french = within(dialog).getByRole('textbox', { name: 'Text (French)' });
      await user.type(french, 'Surchauffe du mélangeur');
      await user.click(within(dialog).getByRole('switch', { name: 'Stops the line' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(api.sent('PUT', CONFIG)).toHaveLength(1));
      expect(api.sent('PUT', CONFIG)[0].body).toEqual({
        code: 'MIX_OVERTEMP',
        severity: 'CRITICAL',
        texts: { en: 'Mixer over temperature', de: 'Mischer Übertemperatur', fr: 'Surchauffe du mélangeur', nl: '', es: '' },
        stopsLine: true,
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText('Alarm configuration saved.')).toBeInTheDocument();
      await waitFor(() => expect(api.sent('GET', CONFIG).length).toBeGreaterThan(1));
    });

    it('keeps the dialog open with the server’s error on the field it names', async () => {
      fakeApi(routes({ [`PUT ${CONFIG}`]: failed(400, 'invalid', { 'texts.nl': 'At most 200 characters.' }) }));
      const user = userEvent.setup();
      show(AlarmListScreen, BASE, AT);
      const table = await screen.findByTestId('alarm-config-table');
      await user.click(within(table).getByRole('button', { name: 'Edit alarm SCALE_FAULT' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit alarm SCALE_FAULT' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('At most 200 characters.')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Text (Dutch)' })).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
