import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../api/recipes-api';
import { historySummary, type SummaryText } from './history';

const text: SummaryText = { value: (_f, v) => (v === null ? '—' : JSON.stringify(v)), level: (n) => ['', 'Trial', 'Production'][n] };
const entry = (action: string, over: Partial<HistoryEntry> = {}): HistoryEntry => ({ at: '2026-11-20T08:00:00Z', actor: 'anna@plant.test', action, ...over });
const json = (v: unknown) => v as Record<string, unknown>;

describe('a history entry in a line or two', () => {
  it('lists what an update changed: header values old → new and the step lists', () => {
    const before = json({ name: 'Grower', batchSizeKg: 1000, weighingItems: [{ _id: 'a', setpoint: 600 }], mixingItems: [{ _id: 'm' }] });
    const after = json({ name: 'Grower', batchSizeKg: 1200, weighingItems: [{ _id: 'b', setpoint: 650 }, { _id: 'c' }], mixingItems: [{ _id: 'x' }] });
    expect(historySummary(entry('updated', { before, after }), text)).toEqual([
      { id: 'web.recipes.history.fieldChanged', values: { field: 'batchSizeKg', old: '1000', new: '1200' } },
      { id: 'web.recipes.history.listChanged', values: { list: 'weighingItems', old: 1, new: 2 } },
    ]);
  });

  it('says which levels a release and a revert concerned and where a copy came from', () => {
    expect(historySummary(entry('released', { detail: json({ level: 1 }) }), text)[0].values).toEqual({ level: 'Trial' });
    expect(historySummary(entry('reverted', { detail: json({ levels: [1, 2] }) }), text)[0].values).toEqual({ levels: 'Trial, Production' });
    expect(historySummary(entry('versionCreated', { detail: json({ copiedFromVersion: 1 }) }), text)[0]).toEqual({ id: 'web.recipes.history.copiedFrom', values: { version: 1 } });
    expect(historySummary(entry('created'), text)).toEqual([]);
  });
});
