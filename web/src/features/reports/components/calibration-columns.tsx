/**
 * The columns of the calibration report: each scale (its checks and how many passed, the
 * largest error, its last check and whether it passed, its last passed check, the next due date
 * and an "Overdue" badge) and each check (time, scale, test weight, reading, error in kg and %,
 * a pass/fail badge, who checked). Kilograms of the checks to the gram.
 */
import { Badge } from '@mantine/core';
import type { CalibrationCheck, ScaleCalibration } from '../api/report-types';
import type { ReportFormat } from '../hooks/use-report-format';
import { textColumn, type Column } from '../utils/columns';

const RED = '#b02a37';
const GREEN = '#1e7a34';

function Flag({ on, color, text, testId }: { on: boolean; color: string; text: string; testId: string }) {
  if (!on) return <>{text}</>;
  return (
    <Badge color={color} autoContrast={false} c="white" variant="filled" data-testid={testId}>
      {text}
    </Badge>
  );
}

const passText = (passed: boolean | null | undefined, fmt: ReportFormat) =>
  passed === null || passed === undefined ? '—' : fmt.t(passed ? 'web.report.pass' : 'web.report.fail');

/** A pass/fail cell: a green or red badge. */
function PassBadge({ passed, text }: { passed: boolean | null | undefined; text: string }) {
  if (passed === null || passed === undefined) return <>{text}</>;
  return <Flag on color={passed ? GREEN : RED} text={text} testId={passed ? 'check-pass' : 'check-fail'} />;
}

const kgFine = <R,>(id: string, label: string, value: (r: R) => number | null | undefined): Column<R> => ({
  ...textColumn<R>(id, label, id),
  kind: 'kg',
  text: (r, fmt) => {
    const v = value(r);
    return v === null || v === undefined ? '—' : fmt.kgFine(v);
  },
});

const instant = <R,>(id: string, label: string): Column<R> => ({ ...textColumn<R>(id, label, id), kind: 'dateTime' });

const scaleName = <R extends { scaleId: string; scaleName?: string | null }>(): Column<R> =>
  textColumn<R>('scale', 'web.report.col.scale', 'scaleId', { text: (r) => [r.scaleId, r.scaleName].filter(Boolean).join(' · ') });

export const SCALE_COLUMNS: Column<ScaleCalibration>[] = [
  textColumn('lineName', 'web.report.col.line', 'lineName'),
  scaleName<ScaleCalibration>(),
  { ...textColumn('checks', 'web.report.col.checks', 'checks'), kind: 'count' },
  { ...textColumn('passed', 'web.report.col.passed', 'passed'), kind: 'count' },
  kgFine<ScaleCalibration>('maxAbsErrorKg', 'web.report.col.maxAbsErrorKg', (r) => r.maxAbsErrorKg),
  instant('lastCheckAt', 'web.report.col.lastCheckAt'),
  textColumn('lastPassed', 'web.report.col.lastResult', 'lastPassed', { text: (r, fmt) => passText(r.lastPassed, fmt), cell: (r, text) => <PassBadge passed={r.lastPassed} text={text} /> }),
  instant('lastPassedAt', 'web.report.col.lastPassedAt'),
  instant('nextDueAt', 'web.report.col.nextDueAt'),
  textColumn('overdue', 'web.report.col.overdue', 'overdue', {
    text: (r, fmt) => fmt.t(r.overdue ? 'web.report.overdue' : 'web.report.inDate'),
    cell: (r, text) => <Flag on={r.overdue} color={RED} text={text} testId="scale-overdue" />,
  }),
];

export const CHECK_COLUMNS: Column<CalibrationCheck>[] = [
  instant('time', 'web.report.col.time'),
  scaleName<CalibrationCheck>(),
  kgFine<CalibrationCheck>('testWeightKg', 'web.report.col.testWeightKg', (r) => r.testWeightKg),
  kgFine<CalibrationCheck>('readingKg', 'web.report.col.readingKg', (r) => r.readingKg),
  kgFine<CalibrationCheck>('errorKg', 'web.report.col.errorKg', (r) => r.errorKg),
  { ...textColumn('errorPct', 'web.report.col.errorPct', 'errorPct'), kind: 'pct' },
  textColumn('passed', 'web.report.col.result', 'passed', { text: (r, fmt) => passText(r.passed, fmt), cell: (r, text) => <PassBadge passed={r.passed} text={text} /> }),
  textColumn('checkedBy', 'web.report.col.checkedBy', 'checkedBy'),
];

export const scaleKey = (r: ScaleCalibration) => `${r.lineId}|${r.scaleId}`;
export const checkKey = (r: CalibrationCheck) => `${r.time}|${r.lineId}|${r.scaleId}`;
