import { describe, expect, it } from 'vitest';
import { DELIVERY } from '../testing/fixtures';
import { deliveryValues, emptyDelivery, emptyRow, rowsKg, splitDeliveryErrors, toDeliveryInput, type DeliveryFormValues } from './delivery-form';

const NOW = '2026-11-28T09:00:00.000Z';
const base = (over: Partial<DeliveryFormValues> = {}): DeliveryFormValues => ({ ...emptyDelivery('L1', NOW), deliveryNumber: ' D-900 ', customerId: 'CUS-1', vehicle: ' AB-12-CD ', ...over });

describe('the delivery form', () => {
  it('sends the batches with their kilograms, leaving out rows left empty', () => {
    const rows = [
      { ...emptyRow('L1'), batchId: ' B-101 ', kg: '1000' },
      emptyRow('L1'),
      { ...emptyRow('L2'), batchId: 'B-7', kg: 250.5 },
    ];
    expect(toDeliveryInput(base({ rows }))).toEqual({
      deliveryNumber: 'D-900',
      customerId: 'CUS-1',
      vehicle: 'AB-12-CD',
      deliveredAt: NOW,
      batches: [
        { lineId: 'L1', batchId: 'B-101', kg: 1000 },
        { lineId: 'L2', batchId: 'B-7', kg: 250.5 },
      ],
    });
  });

  it('sends an order and the kilograms loaded from it instead of batches', () => {
    const input = toDeliveryInput(base({ mode: 'order', orderLineId: 'L1', orderId: 'ORD-1', orderKg: '1500', rows: [{ ...emptyRow('L1'), batchId: 'B-1', kg: 5 }] }));
    expect(input).toEqual({ deliveryNumber: 'D-900', customerId: 'CUS-1', vehicle: 'AB-12-CD', deliveredAt: NOW, orderId: 'ORD-1', kg: 1500 });
    expect(input).not.toHaveProperty('batches');
  });

  it('leaves out what is not typed: no vehicle, the time of sending', () => {
    const input = toDeliveryInput(base({ vehicle: '', deliveredAt: '' }));
    expect(input.vehicle).toBeNull();
    expect(input.deliveredAt).toBeNull();
  });

  it('opens a stored delivery as its batch rows', () => {
    const v = deliveryValues(DELIVERY);
    expect(v.mode).toBe('batches');
    expect(v.rows.map((r) => [r.lineId, r.batchId, r.kg])).toEqual([
      ['L1', 'B-101', 1000],
      ['L1', 'B-102', 1000],
    ]);
    expect(new Set(v.rows.map((r) => r.key)).size).toBe(2);
    expect(rowsKg(v.rows)).toBe(2000);
  });

  it("puts a batch's messages on the row they name, counting only the rows sent", () => {
    const rows = [{ ...emptyRow('L1'), batchId: 'B-1', kg: 10 }, emptyRow('L1'), { ...emptyRow('L1'), batchId: 'B-2', kg: 99999 }];
    const v = base({ rows });
    const e = splitDeliveryErrors(v, { 'batches[1].kg': 'Only 1000 kg of batch B-2 are left', 'batches[0].batchId': 'not completed', customerId: 'missing', batches: 'nothing', weird: 'other' });
    expect(e.rows).toEqual({ [rows[2].key]: { kg: 'Only 1000 kg of batch B-2 are left' }, [rows[0].key]: { batchId: 'not completed' } });
    expect(e.fields).toEqual({ customerId: 'missing', batches: 'nothing' });
    expect(e.other).toEqual(['other']);
  });

  it("puts an order's messages on the order and its kilograms", () => {
    const e = splitDeliveryErrors(base({ mode: 'order' }), { orderId: 'nothing made', kg: 'only 500 left' });
    expect(e.fields).toEqual({ orderId: 'nothing made', kg: 'only 500 left' });
  });
});
