/**
 * The columns of the batch summary (each batch with links to its details and alarms, its
 * status, kilograms, doses out of tolerance, parameters past their limits and alarms) and of a
 * batch's doses (as weighed against the plan, flagged OK/UNDER/OVER) and the planned doses not
 * weighed. Durations show as h:mm:ss and export in seconds.
 */
import { Group, Text } from '@mantine/core';
import type { ReportFormat } from '../hooks/use-report-format';
import { flatFigure, textColumn, type Column } from '../utils/columns';
import { coded, recipeLabel, statusId } from '../utils/batch-format';
import type { DoseRow, PlannedDose, SummaryRow } from '../utils/batch-types';
import { AlarmsLink, BatchLink, FlagMark, Mark, StatusMark } from './batch-badges';

/** An instant. */
export const instant = <R,>(id: string, label: string, path = id): Column<R> => ({ ...textColumn<R>(id, label, path), kind: 'dateTime' });

/** A number with decimals in its own unit (a process value, a limit, kWh). */
export const decimal = <R,>(id: string, label: string, path = id): Column<R> => ({ ...textColumn<R>(id, label, path), kind: 'kg' });

/** A count. */
export const count = <R,>(id: string, label: string, path = id): Column<R> => ({ ...textColumn<R>(id, label, path), kind: 'count' });

/** Seconds shown as h:mm:ss, exported in seconds under `exportLabel`. */
export const seconds = <R,>(id: string, label: string, exportLabel: string, path = id): Column<R> => ({ ...textColumn<R>(id, label, path), kind: 'duration', exportLabel });

/** A row's order number within its batch. */
export const sequence = <R,>(): Column<R> => count<R>('sequence', 'web.batch.col.sequence');

const statusText = (status: string, fmt: ReportFormat) => {
  const id = statusId(status);
  return id ? fmt.t(id) : status;
};

/** The batch's status as a word on a badge. */
export const status = <R extends { status: string }>(): Column<R> =>
  textColumn<R>('status', 'web.report.col.status', 'status', {
    text: (r, fmt) => statusText(r.status, fmt),
    cell: (r, text) => <StatusMark status={r.status} text={text} />,
  });

/** A count shown in red and bold when above zero (doses out of tolerance). */
function Warned({ n, text }: { n: number; text: string }) {
  if (n <= 0) return <>{text}</>;
  return (
    <Text span fw={700} c="red.9" size="sm" data-testid="warned">
      {text}
    </Text>
  );
}

function ExceededCodes({ codes }: { codes: readonly string[] }) {
  if (codes.length === 0) return <>—</>;
  return (
    <Group gap={4} wrap="wrap">
      {codes.map((c) => (
        <Mark key={c} tone="bad" text={c} testId="exceeded-code" />
      ))}
    </Group>
  );
}

export const SUMMARY_COLUMNS: Column<SummaryRow>[] = [
  textColumn('batchId', 'web.report.col.batch', 'batchId', { cell: (r) => <BatchLink batch={r} keep /> }),
  textColumn('lineName', 'web.report.col.line', 'lineName'),
  textColumn('recipe', 'web.report.col.recipe', 'recipeCode', { text: (r) => recipeLabel(r) || '—' }),
  textColumn('order', 'web.report.col.order', 'scheduleName'),
  instant('startedAt', 'web.report.col.started'),
  instant('endedAt', 'web.report.col.ended'),
  seconds('durationS', 'web.report.col.duration', 'web.report.col.durationS'),
  status<SummaryRow>(),
  flatFigure('targetKg'),
  flatFigure('setpointKg'),
  flatFigure('actualKg'),
  flatFigure('deviationKg'),
  flatFigure('doses'),
  flatFigure('outOfTolerance', { cell: (r, text) => <Warned n={r.outOfTolerance} text={text} /> }),
  textColumn('exceeded', 'web.batch.col.exceeded', 'exceeded', { text: (r) => r.exceeded.join(', ') || '—', cell: (r) => <ExceededCodes codes={r.exceeded} /> }),
  { ...count<SummaryRow>('alarms', 'web.batch.col.alarms'), cell: (r, text) => <AlarmsLink batch={r} text={text} /> },
];

export const summaryKey = (r: SummaryRow) => `${r.lineId}|${r.batchId}`;

const FLAG: Record<string, string> = { OK: 'web.batch.flag.OK', UNDER: 'web.batch.flag.UNDER', OVER: 'web.batch.flag.OVER' };

export const DOSE_COLUMNS: Column<DoseRow>[] = [
  sequence<DoseRow>(),
  instant('time', 'web.report.col.time'),
  textColumn('material', 'web.report.col.material', 'materialId', { text: (r) => coded(r.materialId, r.materialName) }),
  textColumn('scale', 'web.report.col.scale', 'scaleId', { text: (r) => coded(r.scaleId, r.scaleName) }),
  textColumn('bin', 'web.report.col.bin', 'binId', { text: (r) => coded(r.binId, r.binName) }),
  textColumn('lot', 'web.report.col.lot', 'lot'),
  decimal('plannedKg', 'web.batch.col.plannedKg'),
  decimal('setpointKg', 'web.report.col.setpointKg'),
  decimal('actualKg', 'web.report.col.actualKg'),
  decimal('deviationKg', 'web.report.col.deviationKg'),
  { ...textColumn<DoseRow>('deviationPct', 'web.report.col.deviationPct', 'deviationPct'), kind: 'pct' },
  decimal('toleranceKg', 'web.batch.col.toleranceKg'),
  textColumn('flag', 'web.batch.col.flag', 'flag', {
    text: (r, fmt) => (FLAG[r.flag] ? fmt.t(FLAG[r.flag]) : r.flag),
    cell: (r, text) => <FlagMark flag={r.flag} text={text} />,
  }),
  seconds('durationS', 'web.report.col.duration', 'web.report.col.durationS'),
];

export const doseKey = (r: DoseRow) => String(r.sequence);

export const MISSING_COLUMNS: Column<PlannedDose>[] = [
  sequence<PlannedDose>(),
  textColumn('material', 'web.report.col.material', 'materialCode', { text: (r) => coded(r.materialCode, r.materialName) }),
  textColumn('scale', 'web.report.col.scale', 'scaleCode'),
  textColumn('bin', 'web.report.col.bin', 'binCode'),
  decimal('setpointKg', 'web.batch.col.plannedKg'),
  decimal('toleranceKg', 'web.batch.col.toleranceKg'),
];

export const missingKey = (r: PlannedDose) => `${r.sequence}|${r.materialCode}|${r.scaleCode}`;
