/**
 * The columns of the diagnostics screens: what went out of spec (the batch linking to its
 * specific view, the material or parameter, value against its limits, the direction and the
 * size of the excursion in its unit), the batches with their process values, the compared
 * batches and their values against the reference, downstream equipment, and the mixing per
 * recipe and step.
 */
import type { ReportFormat } from '../hooks/use-report-format';
import { coded, recipeLabel } from '../utils/batch-format';
import { textColumn, type Column } from '../utils/columns';
import type { BatchWithParameters, ComparedBatch, ComparedParameter, ComparedValue, ConsolidatedStep, Downstream, OutOfSpecRow } from '../utils/diag-types';
import { Mark } from './batch-badges';
import { count, decimal, instant, seconds, status } from './batch-columns';
import { DirectionMark, directionText, ExceededCodes, ReferenceMark, SpecificLink } from './diag-marks';

/** The line by its name. */
export const lineColumn = <R extends { lineId: string; lineName?: string | null }>(): Column<R> =>
  textColumn<R>('line', 'web.report.col.line', 'lineName', { text: (r) => r.lineName || r.lineId });

const recipe = <R extends { recipeCode?: string | null; recipeVersion?: number | null; recipeName?: string | null }>(): Column<R> =>
  textColumn<R>('recipe', 'web.report.col.recipe', 'recipeCode', { text: (r) => recipeLabel(r) || '—' });

const order = <R,>(): Column<R> => textColumn<R>('order', 'web.report.col.order', 'scheduleName');

/** A signed number ("+0.25", "−1.5"). */
export const signed = (n: number, fmt: ReportFormat) => (n > 0 ? `+${fmt.kg(n)}` : fmt.kg(n));

/** `1.25 °C` (the unit left out when there is none). */
const withUnit = (n: number, unit: string | null | undefined, fmt: ReportFormat) => [fmt.kg(n), unit].filter(Boolean).join(' ');

const KIND: Record<string, string> = { DOSE: 'web.diag.rowKind.DOSE', PARAMETER: 'web.diag.rowKind.PARAMETER' };

/** What went out of spec; with the line where the screen shows every line. */
export function outOfSpecColumns(allLines: boolean): Column<OutOfSpecRow>[] {
  const columns: Column<OutOfSpecRow>[] = [
    instant('at', 'web.diag.col.at'),
    textColumn('batch', 'web.report.col.batch', 'batchId', { cell: (r) => <SpecificLink batch={r} /> }),
    recipe(),
    order(),
    textColumn('kind', 'web.diag.col.kind', 'kind', { text: (r, fmt) => (KIND[r.kind] ? fmt.t(KIND[r.kind]) : r.kind) }),
    textColumn('what', 'web.diag.col.what', 'code', { text: (r) => coded(r.code, r.name) }),
    decimal('value', 'web.batch.col.value'),
    decimal('target', 'web.diag.col.target'),
    decimal('lowLimit', 'web.batch.col.lowLimit'),
    decimal('highLimit', 'web.batch.col.highLimit'),
    textColumn('direction', 'web.diag.col.direction', 'direction', {
      text: (r, fmt) => directionText(r.direction, fmt.t),
      cell: (r, text) => <DirectionMark direction={r.direction} text={text} />,
    }),
    { ...decimal<OutOfSpecRow>('excursion', 'web.diag.col.excursion'), text: (r, fmt) => withUnit(r.excursion, r.unit, fmt) },
    textColumn('unit', 'web.batch.col.unit', 'unit'),
  ];
  return allLines ? [columns[0], columns[1], lineColumn(), ...columns.slice(2)] : columns;
}

export const outOfSpecKey = (r: OutOfSpecRow) => [r.lineId, r.batchId, r.kind, r.code, r.scaleId ?? '', r.at].join('|');

/** The batches with their process values; the batch links to its specific view. */
export const BATCH_COLUMNS: Column<BatchWithParameters>[] = [
  textColumn('batch', 'web.report.col.batch', 'batchId', { cell: (r) => <SpecificLink batch={r} /> }),
  recipe(),
  order(),
  instant('startedAt', 'web.report.col.started'),
  instant('endedAt', 'web.report.col.ended'),
  status(),
  decimal('actualKg', 'web.report.col.actualKg'),
  // The server's list of the codes past their limits: the PDF prints it as the table does.
  textColumn('exceeded', 'web.batch.col.exceeded', 'exceeded', {
    text: (r) => r.exceeded.join(', ') || '—',
    cell: (r) => <ExceededCodes codes={r.exceeded} />,
    sortable: false,
  }),
];

export const batchKey = (r: { lineId: string; batchId: string }) => `${r.lineId}|${r.batchId}`;

/** The compared batches, the reference marked. */
export const COMPARED_BATCH_COLUMNS: Column<ComparedBatch>[] = [
  textColumn('batch', 'web.report.col.batch', 'batchId'),
  textColumn('golden', 'web.diag.col.reference', 'golden', {
    text: (r, fmt) => fmt.t(r.golden ? 'web.report.yes' : 'web.report.no'),
    cell: (r, text) => (r.golden ? <ReferenceMark /> : text),
  }),
  recipe(),
  order(),
  instant('startedAt', 'web.report.col.started'),
  instant('endedAt', 'web.report.col.ended'),
  status(),
];

/** A compared value with its parameter: one row per parameter and batch. */
export type ComparedRow = ComparedValue & Pick<ComparedParameter, 'code' | 'name' | 'unit' | 'lowLimit' | 'highLimit'>;

export const comparedRows = (rows: readonly ComparedParameter[]): ComparedRow[] =>
  rows.flatMap((p) => p.values.map((v) => ({ ...v, code: p.code, name: p.name, unit: p.unit, lowLimit: p.lowLimit, highLimit: p.highLimit })));

export const COMPARED_VALUE_COLUMNS: Column<ComparedRow>[] = [
  textColumn('parameter', 'web.batch.col.parameter', 'code', { text: (r) => coded(r.code, r.name) }),
  textColumn('unit', 'web.batch.col.unit', 'unit'),
  decimal('lowLimit', 'web.batch.col.lowLimit'),
  decimal('highLimit', 'web.batch.col.highLimit'),
  textColumn('batch', 'web.report.col.batch', 'batchId', {
    text: (r, fmt) => (r.golden ? fmt.t('web.diag.referenceOf', { batch: r.batchId }) : r.batchId),
    cell: (r) => (r.golden ? <>{r.batchId} <ReferenceMark /></> : r.batchId),
  }),
  count('samples', 'web.batch.col.samples'),
  decimal('min', 'web.batch.col.min'),
  decimal('max', 'web.batch.col.max'),
  decimal('mean', 'web.batch.col.mean'),
  { ...decimal<ComparedRow>('deltaMean', 'web.diag.col.deltaMean'), text: (r, fmt) => (r.deltaMean === null || r.deltaMean === undefined ? '—' : signed(r.deltaMean, fmt)) },
  textColumn('exceeded', 'web.batch.col.limits', 'exceeded', {
    text: (r, fmt) => fmt.t(r.exceeded ? 'web.batch.limits.exceeded' : 'web.batch.limits.within'),
    cell: (r, text) => <Mark tone={r.exceeded ? 'bad' : 'good'} text={text} testId={r.exceeded ? 'compared-exceeded' : 'compared-within'} />,
  }),
];

export const comparedKey = (r: ComparedRow) => `${r.code}|${r.lineId}|${r.batchId}`;

/** Batches past a limit, marked when there are some. */
function Past({ n, text }: { n: number; text: string }) {
  return n > 0 ? <Mark tone="bad" text={text} testId="diag-past" /> : <>{text}</>;
}

export function downstreamColumns(allLines: boolean): Column<Downstream>[] {
  const columns: Column<Downstream>[] = [
    textColumn('parameter', 'web.batch.col.parameter', 'code', { text: (r) => coded(r.code, r.name) }),
    textColumn('unit', 'web.batch.col.unit', 'unit'),
    textColumn('source', 'web.batch.col.source', 'source'),
    count('batches', 'web.report.col.batches'),
    { ...count<Downstream>('exceededBatches', 'web.diag.col.exceededBatches'), cell: (r, text) => <Past n={r.exceededBatches} text={text} /> },
    decimal('min', 'web.batch.col.min'),
    decimal('max', 'web.batch.col.max'),
    decimal('mean', 'web.batch.col.mean'),
    decimal('lowLimit', 'web.batch.col.lowLimit'),
    decimal('highLimit', 'web.batch.col.highLimit'),
  ];
  return allLines ? [columns[0], lineColumn(), ...columns.slice(1)] : columns;
}

export const downstreamKey = (r: Downstream) => `${r.lineId}|${r.code}`;

export function mixingColumns(allLines: boolean): Column<ConsolidatedStep>[] {
  const columns: Column<ConsolidatedStep>[] = [
    recipe(),
    textColumn('action', 'web.batch.col.action', 'actionCode', { text: (r) => coded(r.actionCode, r.actionName) }),
    count('batches', 'web.report.col.batches'),
    count('steps', 'web.diag.col.steps'),
    seconds('plannedMeanS', 'web.diag.col.plannedMean', 'web.diag.col.plannedMeanS'),
    seconds('actualMeanS', 'web.diag.col.actualMean', 'web.diag.col.actualMeanS'),
    seconds('actualMinS', 'web.diag.col.actualMin', 'web.diag.col.actualMinS'),
    seconds('actualMaxS', 'web.diag.col.actualMax', 'web.diag.col.actualMaxS'),
    decimal('energyMeanKwh', 'web.diag.col.energyMeanKwh'),
    decimal('peakMeanKw', 'web.diag.col.peakMeanKw'),
    decimal('peakMaxKw', 'web.diag.col.peakMaxKw'),
    { ...count<ConsolidatedStep>('offTimeSteps', 'web.diag.col.offTimeSteps'), cell: (r, text) => <Past n={r.offTimeSteps} text={text} /> },
  ];
  return allLines ? [lineColumn(), ...columns] : columns;
}

export const mixingKey = (r: ConsolidatedStep) => `${r.lineId}|${r.recipeId}|${r.actionCode}`;
