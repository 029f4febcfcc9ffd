import { describe, expect, it } from 'vitest';
import { STORAGE } from '@/lib/storage-keys';
import { batchPaths, batchRange, keepSummaryState, keptSummaryState, leftBatchDetailsFor } from './batch-paths';

describe('batch paths', () => {
  it('name a batch’s details and alarms, with its line when known', () => {
    expect(batchPaths.details('ML1-0042', 'L1')).toBe('/reporting/batch/batchdetails/ML1-0042?lineId=L1');
    expect(batchPaths.details('A/B')).toBe('/reporting/batch/batchdetails/A%2FB');
    expect(batchPaths.alarms('ML1-0042', 'L1')).toBe('/reporting/batch/batchsummary/ML1-0042/alarms?lineId=L1');
  });

  it('give a batch’s range from its start to its end, to now while it runs, at least a second long', () => {
    const now = new Date('2026-11-23T08:00:00.000Z');
    expect(batchRange({ startedAt: '2026-11-23T07:00:00Z', endedAt: '2026-11-23T07:10:00Z' }, now)).toEqual({ from: '2026-11-23T07:00:00.000Z', to: '2026-11-23T07:10:00.000Z' });
    expect(batchRange({ startedAt: '2026-11-23T07:00:00Z', endedAt: null }, now)).toEqual({ from: '2026-11-23T07:00:00.000Z', to: '2026-11-23T08:00:00.000Z' });
    expect(batchRange({ startedAt: null, endedAt: '2026-11-23T07:10:00Z' }, now)).toEqual({ from: '2026-11-23T07:10:00.000Z', to: '2026-11-23T07:10:01.000Z' });
  });

  it('keep the summary’s state for the summary and other batch details, and forget it for any other page', () => {
    keepSummaryState('?lineId=L1&page=2');
    expect(localStorage.getItem(STORAGE.isStateAvailable)).toBe('true');
    leftBatchDetailsFor('/Reporting/Batch/BatchSummary');
    leftBatchDetailsFor('/reporting/batch/batchdetails/ML1-0043');
    expect(keptSummaryState()).toBe('?lineId=L1&page=2');
    leftBatchDetailsFor('/reporting/batch/batchsummary/ML1-0042/alarms');
    expect(keptSummaryState()).toBeNull();
    expect(localStorage.getItem(STORAGE.stateValue)).toBeNull();
  });
});
