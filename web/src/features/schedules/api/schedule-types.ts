/**
 * The production-order shapes of the api, from the generated contract (src/generated/api.d.ts).
 */
import { ScheduleStatus as SCHEDULE_STATUS_LIST } from '@/generated/enums';
import type { Schema } from '@/lib/api-client';

/** An order's life cycle (model/src/schedule/mod.rs `Status`), in the server's order. */
export const SCHEDULE_STATUSES = SCHEDULE_STATUS_LIST;
export type ScheduleStatus = Schema<'ScheduleStatus'>;

/** What an order makes: batches of a recipe, or one batch of the line's flush material. */
export type OrderKind = Schema<'ScheduleKind'>;

/** A production order as the api answers it. */
export type ScheduleRecord = Schema<'ScheduleRecord'>;
/** A status with its name in the user's language and the moves a user may make from it. */
export type StatusRecord = Schema<'StatusRecord'>;
export type ScheduleInput = Schema<'ScheduleInput'>;
export type CarryOverSettings = Schema<'CarryOverSettings'>;
export type CarryOverRule = Schema<'Rule'>;
export type CarryOverRisk = Schema<'CarryOverRisk'>;
export type ControlRecipe = Schema<'ControlRecipe'>;
export type ControlWeighing = Schema<'ControlWeighing'>;
export type ControlMixing = Schema<'ControlMixing'>;
export type ControlValue = Schema<'ControlValue'>;
export type BatchRecord = Schema<'BatchRecord'>;
export type OrderHistoryEntry = Schema<'HistoryEntry'>;
export type MaterialRecord = Schema<'MaterialDirectoryRecord'>;

/** `ALL` (or nothing) lists every line's orders. */
export const ALL_LINES = 'ALL';
