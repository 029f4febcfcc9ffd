/**
 * The answers of the pellet-press pressure reports (`/api/reports/pcs/…`), from the api's
 * schemas (api/src/reports/pcs.rs), and the two chart types of §9.
 */
import type { PressureView } from '@/generated/enums';
import type { Schema } from '@/lib/api-client';

export type MaterialCode = Schema<'MaterialCode'>;
export type PressureReport = Schema<'PressureReport'>;
export type PressureRow = Schema<'PressureRow'>;
export type PressureGraph = Schema<'PressureGraph'>;
export type PressureSeries = Schema<'PressureSeries'>;

/** §9: the pressure alone. */
export const PRESSURE: PressureView = 'PRESSURE';
/** §9: the pressure and its setpoint. */
export const BOTH: PressureView = 'BOTH';

/** The share of its setpoint a reading may be off and count as within (the api's default). */
export const DEFAULT_BAND_PCT = '5';

/** The PCS screens' own filters, named as the api names them. */
export const PCS_PARAM = { material: 'materialCode', sensor: 'sensor', band: 'bandPct', type: 'type' } as const;
