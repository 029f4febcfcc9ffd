/** The traceability shapes of the api, from the generated contract (src/generated/api.d.ts). */
import type { Schema } from '@/lib/api-client';

export type Lot = Schema<'Lot'>;
export type LotInput = Schema<'LotInput'>;
export type LotStatus = Schema<'LotStatus'>;
export type LotStatusChange = Schema<'LotStatusChange'>;
export type BinFill = Schema<'BinFill'>;
export type BinFilled = Schema<'BinFilled'>;
export type Delivery = Schema<'Delivery'>;
export type DeliveryInput = Schema<'DeliveryInput'>;
export type DeliveryBatch = Schema<'DeliveryBatch'>;
export type DeliveryBatchInput = Schema<'DeliveryBatchInput'>;
export type LotTrace = Schema<'LotTrace'>;
export type LotBalance = Schema<'LotBalance'>;
export type TracedBatch = Schema<'TracedBatch'>;
export type TracedLot = Schema<'TracedLot'>;
export type TracedDose = Schema<'TracedDose'>;
export type TracedBin = Schema<'TracedBin'>;
export type TracedOrder = Schema<'TracedOrder'>;
export type TracedDelivery = Schema<'TracedDelivery'>;
export type TracedCustomer = Schema<'TracedCustomer'>;
export type CarryOverBatch = Schema<'CarryOverBatch'>;
export type BatchTrace = Schema<'BatchTrace'>;
export type DeliveryTrace = Schema<'DeliveryTrace'>;
export type Supplier = Schema<'SupplierRecord'>;
export type Customer = Schema<'CustomerRecord'>;
export type Material = Schema<'MaterialDirectoryRecord'>;
export type Bin = Schema<'BinRecord'>;
export type Deliverables = Schema<'Deliverables'>;

export type { Page } from '@/lib/paged';

/** Rows per page of the lots and deliveries lists. */
export const PAGE_SIZE = 50;

/** `ALL` (or nothing) lists every line's lots and deliveries. */
export const ALL_LINES = 'ALL';
