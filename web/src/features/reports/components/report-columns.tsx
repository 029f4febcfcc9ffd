/**
 * The column sets the report screens share: what names a row (by what the report groups by),
 * then the consumption or production figures; the row keys and charts of report rows.
 */
import { TimeBucket } from '@/generated/enums';
import type { ReportRow } from '../api/report-types';
import type { Bucket, ReportFormat } from '../hooks/use-report-format';
import { figure, textColumn, type Column } from '../utils/columns';
import { DrillLink } from './drill-link';
import type { ChartSpec } from './report-section';

type C = Column<ReportRow>;

/** The calendar buckets of the server's list (its others, shift and line, name their rows). */
export const TIME_BUCKETS = TimeBucket.filter((b) => b !== 'shift' && b !== 'line');
const isTime = (g: string): g is Bucket => (TIME_BUCKETS as readonly string[]).includes(g);

const code: C = textColumn('code', 'web.report.col.code', 'code');
const lineName: C = textColumn('lineName', 'web.report.col.line', 'lineName');
const from: C = { ...textColumn('from', 'web.report.col.from', 'from'), kind: 'dateTime' };
const to: C = { ...textColumn('to', 'web.report.col.to', 'to'), kind: 'dateTime' };

/** The period of a time bucket, in the line's own calendar (the api's key). */
const period = (bucket: Bucket): C => textColumn('period', 'web.report.col.period', 'key', { text: (r, fmt) => fmt.bucket(bucket, r.key) });

const NAME_LABELS: Record<string, string> = {
  material: 'web.report.col.material',
  category: 'web.report.col.category',
  scale: 'web.report.col.scale',
  bin: 'web.report.col.bin',
  shift: 'web.report.col.shift',
  line: 'web.report.col.line',
  recipe: 'web.report.col.recipe',
};

/** A material's name links to its consumption over time. */
const materialName: C = textColumn('name', NAME_LABELS.material, 'name', { cell: (r, text) => <DrillLink to="material" id={r.code} text={text} /> });

/** The columns that name a row of a report grouped by `group`. */
export function leadColumns(group: string): C[] {
  if (isTime(group)) return [period(group)];
  if (group === 'shift') return [textColumn('name', NAME_LABELS.shift, 'name'), lineName, from, to];
  if (group === 'material') return [code, materialName];
  // A recipe belongs to one line: with all lines, the same code and version can be on several.
  if (group === 'recipe') return [code, textColumn('name', NAME_LABELS.recipe, 'name'), { ...textColumn('version', 'web.report.col.version', 'version'), kind: 'count' }, lineName];
  return [code, textColumn('name', NAME_LABELS[group] ?? NAME_LABELS.material, 'name')];
}

/** What was weighed: doses, setpoint, actual, deviation and share. */
export const CONSUMPTION: C[] = [figure('doses'), figure('setpointKg'), figure('actualKg'), figure('deviationKg'), figure('deviationPct'), figure('sharePct')];

/** What was produced: batches (aborted), batch sizes, weighed kg, deviation and share. */
export const PRODUCTION: C[] = [figure('batches'), figure('aborted'), figure('targetKg'), figure('actualKg'), figure('deviationKg'), figure('sharePct')];

/** A report row's identity (shift rows repeat a shift's key once per occurrence and line). */
export const rowKey = (r: ReportRow) => [r.key, r.lineId ?? '', r.from ?? ''].join('|');

/** The name a chart gives a row of a report grouped by `group` (short: an axis has little room). */
export function rowLabel(group: string) {
  return (r: ReportRow, fmt: ReportFormat) => {
    if (isTime(group)) return fmt.bucketShort(group, r.key);
    if (group === 'shift') return [r.name, r.from ? fmt.shortDate(r.from) : ''].filter(Boolean).join(' · ');
    return r.name || r.code || r.key;
  };
}

/** Weighed kg per row: bars, or a line over time buckets. */
export function kgChart(group: string, title = 'web.report.chart.kg'): ChartSpec<ReportRow> {
  return { title, kind: isTime(group) ? 'line' : 'bar', label: rowLabel(group), value: (r) => r.figures.actualKg, unit: 'kg' };
}
