/**
 * A subscription's filters in words, one fact each, in the order the filter bar shows them: the
 * line by its name (or every line), the shift by its name, a grouping or time bucket by its
 * name; other filters by their label with the value as saved.
 */
import { useIntl } from 'react-intl';
import type { Fact } from '@/components/facts-table';
import { useLines } from '@/lib/use-lines';
import { useShiftOptions } from '../api/filter-options-api';
import { ALL_LINES, PARAM } from '../utils/filters';

const LABELS: Record<string, string> = {
  [PARAM.line]: 'web.config.line',
  [PARAM.shift]: 'web.report.filter.shift',
  [PARAM.recipe]: 'web.report.filter.recipe',
  [PARAM.order]: 'web.report.filter.order',
  groupBy: 'web.report.filter.groupBy',
  bucket: 'web.report.filter.bucket',
  materialCategoryId: 'web.report.groupBy.category',
  materialId: 'web.report.filter.material',
  binId: 'web.report.filter.bin',
  kind: 'web.report.filter.kind',
  scaleId: 'web.report.filter.scale',
  severity: 'web.batch.col.severity',
  alarmCode: 'web.batch.filter.alarmCode',
};

/** Filters whose value names a grouping (`web.report.groupBy.<value>`). */
const GROUPINGS = new Set(['groupBy', 'bucket']);

const ORDER = Object.keys(LABELS);

export function useFilterFacts(filters: Readonly<Record<string, unknown>>): Fact[] {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { lines } = useLines();
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const lineId = text(filters[PARAM.line] ?? '');
  const shiftId = text(filters[PARAM.shift] ?? '');
  const shifts = useShiftOptions(lineId || ALL_LINES, Boolean(shiftId));

  const value = (key: string, raw: string): string => {
    if (key === PARAM.line) return lines.find((l) => l._id === raw)?.name ?? raw;
    if (key === PARAM.shift) return shifts.data?.find((s) => s._id === raw)?.name ?? raw;
    if (GROUPINGS.has(key) && intl.messages[`web.report.groupBy.${raw}`]) return t(`web.report.groupBy.${raw}`);
    return raw;
  };
  const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);
  const keys = Object.keys(filters)
    .filter((k) => filters[k] !== null && filters[k] !== undefined && filters[k] !== '' && !(k === PARAM.line && filters[k] === ALL_LINES))
    .sort((a, b) => rank(a) - rank(b));
  const facts: Fact[] = keys.map((key) => ({ id: key, label: LABELS[key] ? t(LABELS[key]) : key, value: value(key, text(filters[key])) }));
  if (!lineId || lineId === ALL_LINES) facts.unshift({ id: PARAM.line, label: t(LABELS[PARAM.line]), value: t('web.report.allLines') });
  return facts;
}
