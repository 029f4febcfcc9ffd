/**
 * The columns of a batch's record besides its doses: the mixing steps as run (planned against
 * actual time, energy, peak power), the mixing steps its control recipe planned, its process
 * values against their limits (past a limit: a badge and how far), and its miscellaneous values.
 */
import { textColumn, type Column } from '../utils/columns';
import { coded, controlValues, valueText } from '../utils/batch-format';
import type { MiscRow, MixRow, ParameterRow, PlannedMix } from '../utils/batch-types';
import { Mark } from './batch-badges';
import { count, decimal, instant, seconds, sequence } from './batch-columns';

export const STEP_COLUMNS: Column<MixRow>[] = [
  sequence<MixRow>(),
  textColumn('action', 'web.batch.col.action', 'actionCode', { text: (r) => coded(r.actionCode, r.actionName) }),
  instant('startedAt', 'web.report.col.started'),
  instant('endedAt', 'web.report.col.ended'),
  seconds('plannedS', 'web.batch.col.plannedTime', 'web.batch.col.plannedS'),
  seconds('actualS', 'web.batch.col.actualTime', 'web.batch.col.actualS'),
  decimal('energyKwh', 'web.batch.col.energyKwh'),
  decimal('peakPowerKw', 'web.batch.col.peakPowerKw'),
];

export const stepKey = (r: MixRow) => String(r.sequence);

export const PLANNED_STEP_COLUMNS: Column<PlannedMix>[] = [
  sequence<PlannedMix>(),
  textColumn('action', 'web.batch.col.action', 'actionCode'),
  textColumn('mode', 'web.batch.col.mode', 'modeCode'),
  seconds('durationS', 'web.batch.col.plannedTime', 'web.batch.col.plannedS'),
  textColumn('parameters', 'web.batch.col.parameters', 'parameters', { text: (r) => controlValues(r.parameters), sortable: false }),
];

export const plannedStepKey = (r: PlannedMix) => `${r.sequence}|${r.actionCode}`;

const limited = (r: ParameterRow) => (r.lowLimit !== null && r.lowLimit !== undefined) || (r.highLimit !== null && r.highLimit !== undefined);

/** Within its limits, past them, or without any (a badge: the word says it). */
function LimitCell({ row, text }: { row: ParameterRow; text: string }) {
  if (row.exceeded) return <Mark tone="bad" text={text} testId="parameter-exceeded" />;
  return limited(row) ? <Mark tone="good" text={text} testId="parameter-within" /> : <>{text}</>;
}

const limitText = (r: ParameterRow) => (r.exceeded ? 'web.batch.limits.exceeded' : limited(r) ? 'web.batch.limits.within' : 'web.batch.limits.none');

export const PARAMETER_COLUMNS: Column<ParameterRow>[] = [
  textColumn('parameter', 'web.batch.col.parameter', 'code', { text: (r) => coded(r.code, r.name) }),
  textColumn('unit', 'web.batch.col.unit', 'unit'),
  textColumn('source', 'web.batch.col.source', 'source'),
  count('samples', 'web.batch.col.samples'),
  decimal('min', 'web.batch.col.min'),
  decimal('max', 'web.batch.col.max'),
  decimal('mean', 'web.batch.col.mean'),
  decimal('lowLimit', 'web.batch.col.lowLimit'),
  decimal('highLimit', 'web.batch.col.highLimit'),
  textColumn('exceeded', 'web.batch.col.limits', 'exceeded', {
    text: (r, fmt) => fmt.t(limitText(r)),
    cell: (r, text) => <LimitCell row={r} text={text} />,
  }),
  { ...decimal<ParameterRow>('excursion', 'web.batch.col.excursion'), text: (r, fmt) => (r.exceeded ? fmt.kg(r.excursion) : '—') },
];

export const parameterKey = (r: ParameterRow) => r.code;

export const MISC_COLUMNS: Column<MiscRow>[] = [
  textColumn('code', 'web.report.col.code', 'code'),
  textColumn('name', 'web.batch.col.name', 'name'),
  textColumn('value', 'web.batch.col.value', 'value', { text: (r) => valueText(r.value) }),
  textColumn('unit', 'web.batch.col.unit', 'unit'),
];

export const miscKey = (r: MiscRow) => r.code;
