/** The answers of the batch and alarm reports, from the api's schemas (the Rust handlers in api/src/reports/batches document each field). */
import { BatchFilter, Language, Severity } from '@/generated/enums';
import type { Schema } from '@/lib/api-client';

export type Summary = Schema<'Summary'>;
export type SummaryRow = Schema<'SummaryRow'>;
export type BatchDetails = Schema<'BatchDetails'>;
export type ControlRecipe = Schema<'ControlRecipe'>;
export type BatchDoses = Schema<'BatchDoses'>;
export type DoseRow = Schema<'DoseRow'>;
export type PlannedDose = Schema<'ControlWeighing'>;
export type BatchMixing = Schema<'BatchMixing'>;
export type MixRow = Schema<'MixRow'>;
export type PlannedMix = Schema<'ControlMixing'>;
export type ControlValue = Schema<'ControlValue'>;
export type Curve = Schema<'Curve'>;
export type BatchParameters = Schema<'BatchParameters'>;
export type ParameterRow = Schema<'ParameterRow'>;
export type BatchMisc = Schema<'BatchMisc'>;
export type MiscRow = Schema<'MiscRow'>;
export type AlarmList = Schema<'AlarmList'>;
export type AlarmRow = Schema<'AlarmRow'>;

/** The summary's filter types (`reportFilterType`, the server's list); `ALL` is sent as nothing. */
export const FILTER_TYPES = BatchFilter;
export const EXCEEDED: BatchFilter = 'EXCEEDED_PARAMETERS';

/** The alarm severities, mildest first. */
export const SEVERITIES = Severity;

/** The languages an alarm's text is configured in. */
export const ALARM_LANGUAGES = Language;
