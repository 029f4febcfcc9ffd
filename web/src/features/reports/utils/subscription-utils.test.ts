import { describe, expect, it } from 'vitest';
import { REPORT_PATHS } from '../api/report-types';
import { DAILY, MONTHLY, WEEKLY } from '../testing/subscription-fixtures';
import { isDeliverable, reportTitleOf, segmentOf, subscriptionFilters } from './deliverable';
import { checkValues, newValues, settingsInput, splitErrors, valuesOf, wholeTime } from './subscription-form';

describe('what a subscription keeps of a report', () => {
  it('names the report by its call’s last segment, and knows the ones the server delivers', () => {
    expect(segmentOf(REPORT_PATHS.grouped)).toBe('totalweightgroupedby');
    expect(segmentOf(REPORT_PATHS.alarmPerformance)).toBe('performance');
    for (const p of [REPORT_PATHS.grouped, REPORT_PATHS.categories, REPORT_PATHS.charges, REPORT_PATHS.stats, REPORT_PATHS.byRecipe, REPORT_PATHS.byTime, REPORT_PATHS.stops, REPORT_PATHS.alarmPerformance, REPORT_PATHS.oee, REPORT_PATHS.bins, REPORT_PATHS.calibration, REPORT_PATHS.alarms, REPORT_PATHS.batchStats])
      expect(isDeliverable(p), p).toBe(true);
    for (const p of [REPORT_PATHS.batchStatsByOrder, REPORT_PATHS.batchSummary, REPORT_PATHS.outOfSpec, REPORT_PATHS.pcsReport, REPORT_PATHS.spcBatch, REPORT_PATHS.downstreams])
      expect(isDeliverable(p), p).toBe(false);
    expect(reportTitleOf('getBatchStats')).toBe('web.screen.batchStatistics');
    expect(reportTitleOf('nothing')).toBeNull();
    expect(reportTitleOf('totalweightgroupedby', { groupBy: 'material' })).toBe('web.screen.consumptionByMaterials');
    expect(reportTitleOf('totalweightgroupedby', { materialId: 'CORN', groupBy: 'day' })).toBe('web.screen.consumptionByMaterial');
  });

  it('keeps the query without the range, the paging and empty values', () => {
    expect(subscriptionFilters({ lineId: 'L1', fromDateTime: '2026-11-23T06:00:00Z', toDateTime: '2026-11-23T14:00:00Z', page: '1', limit: '1', groupBy: 'shift', shiftId: '', recipeId: undefined })).toEqual({
      lineId: 'L1',
      groupBy: 'shift',
    });
  });
});

describe('the settings form', () => {
  it('sends the time, weekday and day only where the cadence uses them', () => {
    const v = { ...newValues('Stops', 'de'), weekday: 5, dayOfMonth: 12 as const, recipients: ['a@b.test'] };
    expect(settingsInput(v)).toEqual({ name: 'Stops', cadence: 'DAILY', at: '06:00', weekday: null, dayOfMonth: null, format: 'PDF', recipients: ['a@b.test'], language: 'de' });
    expect(settingsInput({ ...v, cadence: 'WEEKLY' })).toMatchObject({ at: '06:00', weekday: 5, dayOfMonth: null });
    expect(settingsInput({ ...v, cadence: 'MONTHLY' })).toMatchObject({ at: '06:00', weekday: null, dayOfMonth: 12 });
    expect(settingsInput({ ...v, cadence: 'SHIFT_END' })).toMatchObject({ at: null, weekday: null, dayOfMonth: null });
    expect(valuesOf(WEEKLY)).toMatchObject({ cadence: 'WEEKLY', weekday: 1, at: '06:00', format: 'XLSX' });
    expect(valuesOf(MONTHLY).dayOfMonth).toBe(1);
    expect(valuesOf({ ...DAILY, at: null, cadence: 'SHIFT_END' }).at).toBe('06:00');
  });

  it('checks a name, a time of day, a day from 1 to 28 and the recipients before sending', () => {
    const v = { ...newValues('', 'en') };
    expect(checkValues(v)).toEqual({ name: { id: 'validation.required' }, recipients: { id: 'validation.required' } });
    expect(checkValues({ ...v, name: 'x', at: '24:00', recipients: ['a@b.test'] })).toEqual({ at: { id: 'validation.time' } });
    expect(checkValues({ ...v, name: 'x', at: '', cadence: 'SHIFT_END', recipients: ['a@b.test'] })).toEqual({});
    // A time typed short is taken on the 24-hour clock.
    expect(checkValues({ ...v, name: 'x', at: '6.30', recipients: ['a@b.test'] })).toEqual({});
    expect(settingsInput({ ...v, at: '6:30' }).at).toBe('06:30');
    expect([wholeTime(' 7:05 '), wholeTime('17.45'), wholeTime('7'), wholeTime('noon')]).toEqual(['07:05', '17:45', '7', 'noon']);
    expect(checkValues({ ...v, name: 'x', cadence: 'MONTHLY', dayOfMonth: 29, recipients: ['a@b.test', 'nope'] })).toEqual({
      dayOfMonth: { id: 'validation.numberRange', values: { min: 1, max: 28 } },
      recipients: { id: 'subscription.recipientInvalid', values: { address: 'nope' } },
    });
  });

  it('puts the server’s errors of its own fields on them and says the others', () => {
    expect(splitErrors({ at: 'Enter a time as HH:MM', 'filters.lineId': 'No such line', layout: 'Columns missing' })).toEqual({ fields: { at: 'Enter a time as HH:MM' }, other: ['No such line', 'Columns missing'] });
    expect(splitErrors(null)).toEqual({ fields: {}, other: [] });
  });
});
