/**
 * The answers of the diagnostics reports (`/api/reports/batches/…`: out of spec, one batch's
 * diagnostics, the batches with their process values, the compare, downstream equipment and
 * the mixing per recipe and step), from the api's schemas (api/src/reports/diagnostics).
 */
import { OutOfSpecKind } from '@/generated/enums';
import { LIMITS } from '@/lib/limits';
import type { Schema } from '@/lib/api-client';

export type OutOfSpecList = Schema<'OutOfSpecList'>;
export type OutOfSpecRow = Schema<'OutOfSpecRow'>;
export type BatchDiagnostics = Schema<'BatchDiagnostics'>;
export type BatchesWithParameters = Schema<'BatchesWithParameters'>;
export type BatchWithParameters = Schema<'BatchWithParameters'>;
export type CompareMixing = Schema<'CompareMixing'>;
export type ComparedBatch = Schema<'ComparedBatch'>;
export type CompareParameters = Schema<'CompareParameters'>;
export type ComparedParameter = Schema<'ComparedParameter'>;
export type ComparedValue = Schema<'ComparedValue'>;
export type Downstreams = Schema<'Downstreams'>;
export type Downstream = Schema<'Downstream'>;
export type ConsolidatedMixing = Schema<'ConsolidatedMixing'>;
export type ConsolidatedStep = Schema<'ConsolidatedStep'>;
export type Curve = Schema<'Curve'>;

/** The most batches a compare takes (the api's `MAX_COMPARED`). */
export const MAX_COMPARED = LIMITS.comparedBatches;

/** What the out-of-spec list shows (`kind`). */
export const OUT_OF_SPEC_KINDS = OutOfSpecKind;
