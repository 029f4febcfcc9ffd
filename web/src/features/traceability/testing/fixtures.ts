/** Lots, traces and deliveries as the api answers them, for the traceability tests. */
import type { BatchTrace, Delivery, Lot, LotTrace, Supplier, Customer, Material, Bin, Deliverables } from '../api/trace-types';

export const LOT_ID = '0193a4b2-0000-7000-8000-00000000a001';

export const LOT: Lot = {
  _id: LOT_ID,
  lineId: 'L1',
  lotNumber: 'M-2211',
  materialId: 'MAT-CORN',
  materialCode: 'CORN',
  materialName: 'Maize',
  supplierId: 'SUP-1',
  supplierCode: 'AGRI',
  supplierName: 'Agri Trade',
  receivedAt: '2026-11-23T06:00:00Z',
  quantityKg: 25000,
  expiresAt: '2027-05-23T06:00:00Z',
  certificate: 'COA-77',
  status: 'QUARANTINE',
  statusReason: null,
  statusAt: '2026-11-23T06:00:00Z',
  statusBy: 'goods@plant.test',
  filledKg: 20000,
  dosedKg: 1800,
  inBinsKg: 18200,
  createdAt: '2026-11-23T06:00:00Z',
  createdBy: 'goods@plant.test',
  updatedAt: '2026-11-23T06:00:00Z',
  updatedBy: 'goods@plant.test',
};

export const RELEASED: Lot = { ...LOT, status: 'RELEASED', statusReason: 'COA checked', statusAt: '2026-11-23T08:00:00Z', statusBy: 'qa@plant.test' };

export const SUPPLIERS: Supplier[] = [
  { _id: 'SUP-1', code: 'AGRI', name: 'Agri Trade', approval: 'APPROVED' },
  { _id: 'SUP-2', code: 'MILL', name: 'Mill Partners', approval: 'CONDITIONAL' },
  { _id: 'SUP-3', code: 'BAD', name: 'Bad Grain', approval: 'SUSPENDED' },
];

export const CUSTOMERS: Customer[] = [
  { _id: 'CUS-1', code: 'FARM-A', name: 'Farm A' },
  { _id: 'CUS-2', code: 'FARM-B', name: 'Farm B' },
];

export const MATERIALS: Material[] = [
  { _id: 'MAT-CORN', lineId: 'L1', code: 'CORN', name: 'Maize', materialCategoryId: 'C1' },
  { _id: 'MAT-SOY', lineId: 'L1', code: 'SOY', name: 'Soybean meal', materialCategoryId: 'C1' },
];

export const BINS: Bin[] = [
  { _id: 'BIN-1', lineId: 'L1', code: 'BIN-01', name: 'Bin 1', scaleId: 'S1', capacityKg: 30000, binMaterials: [{ materialId: 'MAT-CORN' }] },
  { _id: 'BIN-2', lineId: 'L1', code: 'BIN-02', name: 'Bin 2', scaleId: 'S1', capacityKg: 30000, binMaterials: [{ materialId: 'MAT-SOY' }] },
];

export const DELIVERABLES: Deliverables = {
  batches: [
    { lineId: 'L1', batchId: 'B-102', recipeCode: 'GROWER', orderId: 'ORD-1', orderNumber: 'PO-1', endedAt: '2026-11-24T08:10:00Z', madeKg: 1000, leftKg: 400 },
    { lineId: 'L1', batchId: 'B-101', recipeCode: 'GROWER', orderId: 'ORD-1', orderNumber: 'PO-1', endedAt: '2026-11-24T07:10:00Z', madeKg: 1000, leftKg: 1000 },
  ],
  orders: [{ orderId: 'ORD-1', orderNumber: 'PO-1', recipeCode: 'GROWER', status: 'COMPLETED', batches: 2, batchesMade: 2, madeKg: 2000, leftKg: 1400, lastEndedAt: '2026-11-24T08:10:00Z' }],
};

const batch = (batchId: string, orderId: string | null, kg: number, startedAt: string) => ({
  lineId: 'L1',
  lineCode: 'ML1',
  batchId,
  status: 'COMPLETE',
  recipeCode: 'GROWER',
  recipeName: 'Grower',
  orderId,
  orderNumber: orderId ? 'PO-1' : null,
  medicationClass: 'NONE',
  startedAt,
  endedAt: startedAt.replace(':00:00Z', ':10:00Z'),
  batchKg: 1000,
  kg,
});

export const TRACE: LotTrace = {
  lot: RELEASED,
  balance: { receivedKg: 25000, filledKg: 20000, dosedKg: 1800, inBinsKg: 18200, emptiedKg: 0, notUsedKg: 5000, unaccountedKg: 0 },
  bins: [{ lineId: 'L1', lineCode: 'ML1', binCode: 'BIN-01', filledKg: 20000, inBinKg: 18200 }],
  batches: [batch('B-101', 'ORD-1', 600, '2026-11-24T07:00:00Z'), batch('B-102', 'ORD-1', 600, '2026-11-24T08:00:00Z'), batch('B-103', null, 600, '2026-11-24T09:00:00Z')],
  orders: [{ orderId: 'ORD-1', orderNumber: 'PO-1', lineId: 'L1', lineCode: 'ML1', batches: 2, kg: 1200 }],
  deliveries: [
    { deliveryId: 'DEL-1', deliveryNumber: 'D-500', customerId: 'CUS-1', customerCode: 'FARM-A', customerName: 'Farm A', deliveredAt: '2026-11-25T10:00:00Z', vehicle: 'AB-12-CD', batches: 2, kg: 2000, lotKg: 1200 },
    { deliveryId: 'DEL-2', deliveryNumber: 'D-501', customerId: 'CUS-2', customerCode: 'FARM-B', customerName: 'Farm B', deliveredAt: '2026-11-25T12:00:00Z', vehicle: null, batches: 1, kg: 1000, lotKg: 600 },
  ],
  delivered: [
    { deliveryId: 'DEL-1', deliveryNumber: 'D-500', customerCode: 'FARM-A', lineId: 'L1', batchId: 'B-101', kg: 1000 },
    { deliveryId: 'DEL-1', deliveryNumber: 'D-500', customerCode: 'FARM-A', lineId: 'L1', batchId: 'B-102', kg: 1000 },
    { deliveryId: 'DEL-2', deliveryNumber: 'D-501', customerCode: 'FARM-B', lineId: 'L1', batchId: 'B-103', kg: 1000 },
  ],
  customers: [
    { customerId: 'CUS-2', code: 'FARM-B', name: 'Farm B', deliveries: 1, kg: 1000, lotKg: 600 },
    { customerId: 'CUS-1', code: 'FARM-A', name: 'Farm A', deliveries: 1, kg: 2000, lotKg: 1200 },
  ],
  carryOver: [{ lineId: 'L1', lineCode: 'ML1', batchId: 'B-104', afterBatchId: 'B-103', startedAt: '2026-11-24T10:00:00Z', recipeCode: 'STARTER', orderNumber: 'PO-2' }],
};

export const DELIVERY: Delivery = {
  _id: 'DEL-1',
  deliveryNumber: 'D-500',
  customerId: 'CUS-1',
  customerCode: 'FARM-A',
  customerName: 'Farm A',
  vehicle: 'AB-12-CD',
  deliveredAt: '2026-11-25T10:00:00Z',
  kg: 2000,
  batches: [
    { lineId: 'L1', lineCode: 'ML1', batchId: 'B-101', kg: 1000, recipeCode: 'GROWER', recipeName: 'Grower', orderId: 'ORD-1', orderNumber: 'PO-1', endedAt: '2026-11-24T07:10:00Z' },
    { lineId: 'L1', lineCode: 'ML1', batchId: 'B-102', kg: 1000, recipeCode: 'GROWER', recipeName: 'Grower', orderId: 'ORD-1', orderNumber: 'PO-1', endedAt: '2026-11-24T08:10:00Z' },
  ],
  createdAt: '2026-11-25T10:05:00Z',
  createdBy: 'dispatch@plant.test',
};

export const DELIVERY_2: Delivery = {
  ...DELIVERY,
  _id: 'DEL-2',
  deliveryNumber: 'D-501',
  customerId: 'CUS-2',
  customerCode: 'FARM-B',
  customerName: 'Farm B',
  vehicle: null,
  kg: 1000,
  batches: [{ lineId: 'L1', lineCode: 'ML1', batchId: 'B-103', kg: 1000, recipeCode: 'GROWER', recipeName: 'Grower', orderId: null, orderNumber: null }],
};

export const BATCH_TRACE: BatchTrace = {
  batch: batch('B-101', 'ORD-1', 1000, '2026-11-24T07:00:00Z'),
  doses: [
    {
      materialCode: 'CORN',
      binCode: 'BIN-01',
      kg: 600,
      lots: [
        { lotId: LOT_ID, lotNumber: 'M-2211', materialCode: 'CORN', supplierId: 'SUP-1', supplierCode: 'AGRI', supplierName: 'Agri Trade', status: 'RELEASED', kg: 450, share: 0.45 },
        { lotId: 'LOT-OLD', lotNumber: 'M-2200', materialCode: 'CORN', supplierId: 'SUP-2', supplierCode: 'MILL', supplierName: 'Mill Partners', status: 'RELEASED', kg: 150, share: 0.15 },
      ],
    },
    { materialCode: 'SOY', binCode: 'BIN-02', kg: 390, lots: [] },
  ],
  lots: [
    { lotId: LOT_ID, lotNumber: 'M-2211', materialCode: 'CORN', supplierId: 'SUP-1', supplierCode: 'AGRI', supplierName: 'Agri Trade', status: 'RELEASED', kg: 450, share: 0.45 },
    { lotId: 'LOT-OLD', lotNumber: 'M-2200', materialCode: 'CORN', supplierId: 'SUP-2', supplierCode: 'MILL', supplierName: 'Mill Partners', status: 'RELEASED', kg: 150, share: 0.15 },
  ],
  unknownKg: 390,
  deliveries: [TRACE.deliveries[0]],
};
