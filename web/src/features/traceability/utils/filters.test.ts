import { describe, expect, it } from 'vitest';
import { backwards, pageCount, readDeliveryFilters, readLotFilters, writeFilters, type LotFilters } from './filters';

describe('the list filters in the URL', () => {
  it('reads the lots filters, ignoring what is not a status or an instant', () => {
    const f = readLotFilters(new URLSearchParams('lineId=L1&status=NOPE&lotNumber=M-2&from=garbage&to=2026-11-28T00:00:00Z&page=3'));
    expect(f).toEqual({ lineId: 'L1', materialId: null, supplierId: null, status: null, lotNumber: 'M-2', from: null, to: '2026-11-28T00:00:00Z', page: 3 });
    expect(readLotFilters(new URLSearchParams('status=BLOCKED')).status).toBe('BLOCKED');
    expect(readLotFilters(new URLSearchParams('')).lineId).toBe('ALL');
  });

  it('reads the deliveries filters', () => {
    expect(readDeliveryFilters(new URLSearchParams('customerId=C1&deliveryNumber=D-5'))).toMatchObject({ lineId: 'ALL', customerId: 'C1', deliveryNumber: 'D-5', page: 1 });
  });

  it('writes a change, back to page 1, dropping the material when the line changes', () => {
    const p = new URLSearchParams('lineId=L1&materialId=M1&page=4&status=RELEASED');
    expect(writeFilters<LotFilters>(p, { status: null }).toString()).toBe('lineId=L1&materialId=M1');
    expect(writeFilters<LotFilters>(p, { lineId: 'ALL' }).toString()).toBe('status=RELEASED');
    expect(writeFilters<LotFilters>(p, { page: 2 }).get('page')).toBe('2');
    expect(writeFilters<LotFilters>(p, { page: 1 }).has('page')).toBe(false);
  });

  it('knows a range that runs backwards and counts pages', () => {
    expect(backwards('2026-11-28T00:00:00Z', '2026-11-27T00:00:00Z')).toBe(true);
    expect(backwards(null, '2026-11-27T00:00:00Z')).toBe(false);
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });
});
