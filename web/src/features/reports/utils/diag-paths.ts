/**
 * The diagnostics screens' addresses (§2): the specific view of a batch in its context,
 * `/reporting/diagnostics/specificview/:lineId/:recipeId/:batchId/:productionScheduleId/:fromDate/:toDate`
 * (`0` or `NONE` drop the line, recipe or order filter, §9; the dates URL-encoded), and the
 * compare of chosen batches (`?batchIds=a,b,c&goldenBatchId=b` with the range and filters).
 */
import { query } from '@/lib/query-string';
import { ALL_LINES, PARAM } from './filters';

const DIAG = '/reporting/diagnostics';
const NONE = '0';

const seg = (v: string) => encodeURIComponent(v);

/** A batch as the specific view's address names it. */
export interface BatchKey {
  lineId: string;
  recipeId?: string | null;
  batchId: string;
  productionScheduleId?: string | null;
}

/** The range and filters a compare keeps. */
export interface CompareScope {
  lineId?: string;
  from: string;
  to: string;
  recipeId?: string;
}

export const diagPaths = {
  outOfSpec: `${DIAG}/outofspec`,
  compare: `${DIAG}/compare`,
  view: `${DIAG}/view`,
  downstream: `${DIAG}/downstream`,
  /** One batch in its context of [from, to]: its recipe's (and order's) other batches. */
  specific: (b: BatchKey, from: string, to: string) =>
    `${DIAG}/specificview/${[b.lineId || ALL_LINES, b.recipeId || NONE, b.batchId, b.productionScheduleId || NONE, from, to].map(seg).join('/')}`,
  /** The compare of `batchIds` against `golden`, over the scope's range. */
  compareOf: (scope: CompareScope, batchIds: readonly string[], golden: string) =>
    `${DIAG}/compare${query({
      [PARAM.line]: scope.lineId && scope.lineId !== ALL_LINES ? scope.lineId : undefined,
      [PARAM.from]: scope.from,
      [PARAM.to]: scope.to,
      [PARAM.recipe]: scope.recipeId,
      batchIds: batchIds.join(','),
      goldenBatchId: golden,
    })}`,
};

/** The specific view's route, read: '' for a dropped filter, null dates when not instants. */
export interface SpecificRoute {
  lineId: string;
  recipeId: string;
  batchId: string;
  productionScheduleId: string;
  from: string | null;
  to: string | null;
}

const dropped = (v: string | undefined) => {
  const s = (v ?? '').trim();
  return s === '0' || s.toUpperCase() === 'NONE' ? '' : s;
};

const instant = (v: string | undefined) => (v && !Number.isNaN(new Date(v).getTime()) ? v : null);

export function specificRoute(params: Readonly<Record<string, string | undefined>>): SpecificRoute {
  const line = dropped(params.lineId);
  return {
    lineId: line === ALL_LINES ? '' : line,
    recipeId: dropped(params.recipeId),
    batchId: dropped(params.batchId),
    productionScheduleId: dropped(params.productionScheduleId),
    from: instant(params.fromDate),
    to: instant(params.toDate),
  };
}
