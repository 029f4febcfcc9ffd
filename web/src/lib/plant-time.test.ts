import { describe, expect, it } from 'vitest';
import { formatInputText, fromZoneInput, inputPattern, parseInputText, plantFormat, recentDays, startOfZoneDay, toZoneInput, zoneOf } from './plant-time';

const AMS = 'Europe/Amsterdam';

describe('plant time', () => {
  it('shows an instant in the line zone whatever the browser zone, on the 24-hour clock', () => {
    // 05:00 UTC is 06:00 in Amsterdam in winter; 13:00 UTC is 14:00.
    const en = plantFormat('en', AMS);
    expect(`${en.time('2026-11-26T05:00:00Z')}–${en.time('2026-11-26T13:00:00Z')}`).toBe('06:00–14:00');
    expect(plantFormat('en', 'America/New_York').time('2026-11-26T05:00:00Z')).toBe('00:00');
    expect(en.dateTime('2026-11-26T13:00:00Z')).toBe('Nov 26, 2026, 14:00');
    expect(plantFormat('de', AMS).dateTime('2026-11-26T13:00:00Z')).toBe('26. Nov. 2026, 14:00');
    expect(plantFormat('de', AMS).seconds(Date.parse('2026-11-26T13:00:05Z'))).toBe('14:00:05');
    expect(en.dateTimeSeconds('2026-11-26T13:00:05Z')).toBe('Nov 26, 2026, 14:00:05');
    expect(en.time('not a date')).toBe('');
  });

  it('picks the line zone, the lines common zone for every line, else UTC', () => {
    const lines = [
      { _id: 'L1', timezone: AMS },
      { _id: 'L2', timezone: AMS },
    ];
    expect(zoneOf(lines, 'L1')).toBe(AMS);
    expect(zoneOf(lines, 'ALL')).toBe(AMS);
    expect(zoneOf(lines, null)).toBe(AMS);
    expect(zoneOf([...lines, { _id: 'L3', timezone: 'America/Chicago' }], 'ALL')).toBe('UTC');
    expect(zoneOf([{ _id: 'L1', timezone: 'Mars/Olympus' }], 'L1')).toBe('UTC');
    expect(zoneOf([{ _id: 'L1' }], 'L1')).toBe('UTC');
  });

  it('turns wall times of the zone into instants and back, across summer time', () => {
    expect(fromZoneInput('2026-11-26T06:00', AMS)).toBe('2026-11-26T05:00:00.000Z');
    expect(fromZoneInput('2026-07-01T06:00', AMS)).toBe('2026-07-01T04:00:00.000Z');
    expect(toZoneInput('2026-07-01T04:00:00Z', AMS)).toBe('2026-07-01T06:00');
    expect(toZoneInput('2026-11-26T05:00:00Z', 'America/New_York')).toBe('2026-11-26T00:00');
    // 29 Mar 2026 02:30 does not exist in Amsterdam (moves on to 03:30); 25 Oct 02:30 is twice (the first).
    expect(fromZoneInput('2026-03-29T02:30', AMS)).toBe('2026-03-29T01:30:00.000Z');
    expect(fromZoneInput('2026-10-25T02:30', AMS)).toBe('2026-10-25T00:30:00.000Z');
    expect(fromZoneInput('2026-02-30T06:00', AMS)).toBeNull();
    expect(fromZoneInput('26.11.2026', AMS)).toBeNull();
    expect(toZoneInput('', AMS)).toBe('');
    expect(startOfZoneDay(new Date('2026-11-26T23:30:00Z'), AMS).toISOString()).toBe('2026-11-26T23:00:00.000Z');
  });

  it('takes the last days of the plant up to the end of today, a day of 25 hours included', () => {
    // 23:30 UTC on 28 Oct 2026 is already the 29th in Amsterdam; the 25th had 25 hours there.
    expect(recentDays(new Date('2026-10-28T23:30:00Z'), AMS, 7)).toEqual({ from: '2026-10-22T22:00:00.000Z', to: '2026-10-29T23:00:00.000Z' });
    expect(recentDays(new Date('2026-11-26T12:00:00Z'), 'UTC', 1)).toEqual({ from: '2026-11-26T00:00:00.000Z', to: '2026-11-27T00:00:00.000Z' });
  });

  it('writes and reads a picker text in the user language', () => {
    expect(formatInputText('2026-11-26T14:00', 'de')).toBe('26.11.2026 14:00');
    expect(formatInputText('2026-11-26T14:00', 'en')).toBe('11/26/2026 14:00');
    expect(formatInputText('2026-11-26T14:00', 'fr')).toBe('26/11/2026 14:00');
    expect(formatInputText('2026-11-26T14:00', 'nl')).toBe('26-11-2026 14:00');
    expect(formatInputText('', 'de')).toBe('');
    expect(inputPattern('de', { day: 'TT', month: 'MM', year: 'JJJJ', time: 'hh:mm' })).toBe('TT.MM.JJJJ hh:mm');
    expect(parseInputText('26.11.2026 14:00', 'de')).toBe('2026-11-26T14:00');
    expect(parseInputText('1.2.26 6.30', 'de')).toBe('2026-02-01T06:30');
    expect(parseInputText('11/26/2026 14:00', 'en')).toBe('2026-11-26T14:00');
    expect(parseInputText('26/11/2026', 'es')).toBe('2026-11-26T00:00');
    expect(parseInputText('2026-11-26T14:00', 'de')).toBe('2026-11-26T14:00');
    expect(parseInputText('11/26/2026 14:00', 'de')).toBeNull();
    expect(parseInputText('26.11.2026 25:00', 'de')).toBeNull();
    expect(parseInputText('tomorrow', 'en')).toBeNull();
  });
});
