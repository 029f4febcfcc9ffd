/**
 * The columns of the alarm lists (the plant's and one batch's): raised, code and text, the
 * severity as a word on a coloured badge, whether it stops the line, acknowledged and cleared
 * (or "Active"), how long it stood, and the line and batch (linking to the batch). And the
 * columns of the alarm configuration.
 */
import { textColumn, type Column } from '../utils/columns';
import { severityId } from '../utils/batch-format';
import type { AlarmConfig } from '../utils/batch-api';
import type { AlarmRow } from '../utils/batch-types';
import { BatchLink, SeverityMark } from './batch-badges';
import { instant, seconds } from './batch-columns';

/** The severity as a word on a badge. */
export function severity<R extends { severity: string }>(): Column<R> {
  return textColumn<R>('severity', 'web.batch.col.severity', 'severity', {
    text: (r, fmt) => {
      const id = severityId(r.severity);
      return id ? fmt.t(id) : r.severity;
    },
    cell: (r, text) => <SeverityMark severity={r.severity} text={text} />,
  });
}

/** Yes or No: whether the alarm stops the line. */
function stopsLine<R extends { stopsLine: boolean }>(): Column<R> {
  return textColumn<R>('stopsLine', 'web.batch.col.stopsLine', 'stopsLine', { text: (r, fmt) => fmt.t(r.stopsLine ? 'web.report.yes' : 'web.report.no') });
}

/** One batch's alarms. */
export const BATCH_ALARM_COLUMNS: Column<AlarmRow>[] = [
  instant('raisedAt', 'web.batch.col.raised'),
  textColumn('code', 'web.report.col.code', 'code'),
  textColumn('text', 'web.batch.col.text', 'text'),
  severity<AlarmRow>(),
  stopsLine<AlarmRow>(),
  instant('ackedAt', 'web.batch.col.acked'),
  { ...instant<AlarmRow>('clearedAt', 'web.batch.col.cleared'), text: (r, fmt) => (r.clearedAt ? fmt.dateTime(r.clearedAt) : fmt.t('web.batch.alarmActive')) },
  seconds('durationS', 'web.report.col.duration', 'web.report.col.durationS'),
];

/** The plant's alarms: with their line and batch (linking to the batch's details). */
export const ALARM_COLUMNS: Column<AlarmRow>[] = [
  ...BATCH_ALARM_COLUMNS,
  textColumn('lineName', 'web.report.col.line', 'lineName', { text: (r) => r.lineName ?? r.lineId }),
  textColumn('batchId', 'web.report.col.batch', 'batchId', { cell: (r, text) => (r.batchId ? <BatchLink batch={{ batchId: r.batchId, lineId: r.lineId }} /> : text) }),
];

/** An alarm row's key: the id of the event that raised it. */
export const alarmKey = (r: AlarmRow) => r.id;

/** An alarm's configured text in the language shown, else in English. */
export const configText = (c: AlarmConfig, locale: string) => c.texts[locale]?.trim() || c.texts.en?.trim() || '';

/** The configuration's columns; the edit button is added by the screen. */
export function configColumns(locale: string): Column<AlarmConfig>[] {
  return [
    textColumn('code', 'web.report.col.code', 'code'),
    severity<AlarmConfig>(),
    textColumn('text', 'web.batch.col.text', `texts.${locale}`, { text: (c) => configText(c, locale) || '—' }),
    stopsLine<AlarmConfig>(),
    instant('updatedAt', 'web.batch.col.updatedAt'),
    textColumn('updatedBy', 'web.batch.col.updatedBy', 'updatedBy'),
  ];
}
