import { describe, expect, it } from 'vitest';
import { BINS, LOT } from '../testing/fixtures';
import { binsHolding, emptyLot, fillProblems, LOT_FIELDS, lotValues, splitErrors, toFill, toLotInput, type LotFormValues } from './lot-form';

const NOW = '2026-11-28T09:00:00.000Z';
const filled = (over: Partial<LotFormValues> = {}): LotFormValues => ({
  ...emptyLot('L1', NOW),
  materialId: 'MAT-CORN',
  supplierId: 'SUP-1',
  lotNumber: '  M-2211 ',
  quantityKg: '25000',
  certificate: ' ',
  ...over,
});

describe('the goods-in form', () => {
  it('starts on the line, received now, in quarantine, without a fill', () => {
    expect(emptyLot('L1', NOW)).toMatchObject({ lineId: 'L1', receivedAt: NOW, status: 'QUARANTINE', fill: false, lotNumber: '' });
  });

  it('sends goods-in with the starting status, trimmed text, numbers as numbers and empty fields as null', () => {
    expect(toLotInput(filled({ status: 'RELEASED', expiresAt: '2027-05-01T00:00:00.000Z' }), true)).toEqual({
      lotNumber: 'M-2211',
      materialId: 'MAT-CORN',
      supplierId: 'SUP-1',
      quantityKg: 25000,
      receivedAt: NOW,
      expiresAt: '2027-05-01T00:00:00.000Z',
      certificate: null,
      status: 'RELEASED',
    });
    expect(toLotInput(filled({ quantityKg: '12,5' }), true).quantityKg).toBe(12.5);
    expect(toLotInput(filled({ quantityKg: '' }), true).quantityKg).toBeNull();
  });

  it('sends a change without a status (a status moves with its reason)', () => {
    const input = toLotInput(lotValues(LOT), false);
    expect(input).not.toHaveProperty('status');
    expect(input).toMatchObject({ lotNumber: 'M-2211', quantityKg: 25000, certificate: 'COA-77', expiresAt: LOT.expiresAt });
  });

  it('fills only when asked: into the chosen bin, the kilograms typed or else the whole lot', () => {
    expect(toFill(filled(), 'LOT-1')).toBeNull();
    expect(toFill(filled({ fill: true, binId: 'BIN-1' }), 'LOT-1')).toEqual({ binId: 'BIN-1', lotId: 'LOT-1', quantityKg: 25000 });
    expect(toFill(filled({ fill: true, binId: 'BIN-1', fillKg: 8000 }), 'LOT-1')).toEqual({ binId: 'BIN-1', lotId: 'LOT-1', quantityKg: 8000 });
  });

  it('checks the fill before anything is sent: a bin, more than nothing and no more than the lot', () => {
    expect(fillProblems(filled())).toEqual({});
    expect(fillProblems(filled({ fill: true }))).toEqual({ binId: 'web.trace.fill.binRequired' });
    expect(fillProblems(filled({ fill: true, binId: 'BIN-1', fillKg: 0 }))).toEqual({ fillKg: 'web.trace.fill.positive' });
    expect(fillProblems(filled({ fill: true, binId: 'BIN-1', fillKg: 30000 }))).toEqual({ fillKg: 'web.trace.fill.moreThanLot' });
    expect(fillProblems(filled({ fill: true, binId: 'BIN-1', fillKg: 25000 }))).toEqual({});
  });

  it('offers the bins that hold the material', () => {
    expect(binsHolding(BINS, 'MAT-CORN').map((b) => b.code)).toEqual(['BIN-01']);
    expect(binsHolding(BINS, null)).toEqual([]);
  });

  it("places the server's field messages on their inputs and keeps the rest apart", () => {
    expect(splitErrors(LOT_FIELDS, { lotNumber: 'taken', supplierId: 'suspended', other: 'x' })).toEqual({ fields: { lotNumber: 'taken', supplierId: 'suspended' }, other: ['x'] });
  });
});
