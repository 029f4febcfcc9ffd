/**
 * The columns of the OEE report: what names a group (its line, and its local date and shift as
 * the report groups), its times (h:mm:ss, exported in seconds), batches and kilograms, and the
 * factors (percentages, exported as fractions; "—" with the reason where not measurable). Every
 * figure is totalled from the answer's `totals`, the lines together.
 */
import type { OeeGroup } from '@/generated/enums';
import type { OeeRow } from '../api/report-types';
import { textColumn, type Column } from '../utils/columns';
import { OEE_FACTORS, type OeeFactor } from '../utils/oee';
import { count, decimal, seconds } from './batch-columns';
import { FactorValue } from './oee-value';

type C = Column<OeeRow>;

/** The message id of a column's heading. */
const col = (name: string) => `web.report.oee.col.${name}`;

/** A figure of the group, totalled from the same figure of the lines together. */
const totalled = (column: C): C => ({ ...column, total: column.path });

/** The times of a group (seconds). */
type TimeName = 'plannedS' | 'runningS' | 'plannedStopS' | 'unplannedStopS' | 'idleS' | 'unknownS';

/** Seconds of the group, shown as h:mm:ss. */
const time = (name: TimeName): C => totalled(seconds<OeeRow>(name, col(name), col(`${name}Export`)));

/** A factor: a percentage, exported as the fraction; "—" with its reason where not measurable. */
const factor = (name: OeeFactor): C =>
  totalled({
    ...textColumn<OeeRow>(name, col(name), name),
    kind: 'share',
    exportLabel: col(`${name}Ratio`),
    cell: (r, text) => <FactorValue figures={r} factor={name} text={text} />,
  });

const line: C = textColumn('lineName', 'web.report.col.line', 'lineName');
/** The local date of a day, or of a shift's start (the api's `YYYY-MM-DD`), in the user's language. */
const date: C = textColumn<OeeRow>('date', col('date'), 'date', { text: (r, fmt) => (r.date ? fmt.bucket('day', `${r.date}T00:00`) : '—') });
const shift: C = textColumn<OeeRow>('shiftName', 'web.report.col.shift', 'shiftName', { text: (r) => r.shiftName ?? '—' });

const FIGURES: C[] = [
  time('plannedS'),
  time('runningS'),
  time('plannedStopS'),
  time('unplannedStopS'),
  time('idleS'),
  time('unknownS'),
  totalled(count('batches', 'web.report.col.batches')),
  totalled(decimal('actualKg', col('actualKg'))),
  totalled(decimal('goodKg', col('goodKg'))),
  totalled(decimal('unratedKg', col('unratedKg'))),
  // The factors that make OEE, then OEE.
  ...[...OEE_FACTORS.slice(1), OEE_FACTORS[0]].map(factor),
];

/** The columns of the groups: a day is a line's date, a shift its occurrence on a date. */
export function oeeColumns(group: OeeGroup): C[] {
  const lead = group === 'shift' ? [line, date, shift] : group === 'day' ? [line, date] : [line];
  return [...lead, ...FIGURES];
}

export const oeeKey = (r: OeeRow) => r.key;
