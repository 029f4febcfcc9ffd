/**
 * The batches of a range with their process values (`getbatcheswithparameters`), as the batch
 * view, the compare's picker and a batch's context list them: a row per batch that opens to
 * its values against their limits, and a note when the api listed only the newest 500.
 */
import { Alert } from '@mantine/core';
import { REPORT_PATHS, type ReportParams } from '../api/report-types';
import { useReportFormat } from '../hooks/use-report-format';
import type { Column } from '../utils/columns';
import type { BatchesWithParameters, BatchWithParameters } from '../utils/diag-types';
import { ALL_LINES, PARAM, type Values } from '../utils/filters';
import { parameterKey, PARAMETER_COLUMNS } from './batch-record-columns';
import { BATCH_COLUMNS, batchKey } from './diag-columns';
import type { SectionSpec } from './report-section';
import { ReportTable } from './report-table';

function BatchValues({ batch }: { batch: BatchWithParameters }) {
  const { t } = useReportFormat();
  return (
    <ReportTable
      caption={t('web.diag.valuesOf', { batch: batch.batchId })}
      columns={PARAMETER_COLUMNS}
      rows={batch.parameters}
      rowKey={parameterKey}
      empty={t('web.batch.empty.parameters')}
      testId="diag-batch-values"
    />
  );
}

/** Said when the api listed only the newest 500 batches of the filters. */
export function TruncatedNote({ answer }: { answer: BatchesWithParameters }) {
  const { t } = useReportFormat();
  if (!answer.truncated) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="diag-truncated">
      {t('web.diag.truncated')}
    </Alert>
  );
}

const lineColumn: Column<BatchWithParameters> = {
  id: 'line',
  label: 'web.report.col.line',
  path: 'lineId',
  kind: 'text',
};

/**
 * The section of the batches: `columns` before the batch's own (the compare's choice), the
 * line's name after the batch over every line, the query from the filters unless `params` says.
 */
export function batchesSection(
  values: Values,
  opts: { id: string; heading?: string; lineNames: Record<string, string>; before?: Column<BatchWithParameters>[]; params?: SectionSpec<BatchWithParameters>['params'] },
): SectionSpec<BatchWithParameters, BatchesWithParameters> {
  const all = values[PARAM.line] === ALL_LINES;
  const line = { ...lineColumn, text: (r: BatchWithParameters) => opts.lineNames[r.lineId] ?? r.lineId };
  const columns = all ? [BATCH_COLUMNS[0], line, ...BATCH_COLUMNS.slice(1)] : BATCH_COLUMNS;
  return {
    id: opts.id,
    path: REPORT_PATHS.batchesWithParameters,
    params: opts.params ?? ((base: ReportParams) => base),
    rowsField: 'rows',
    columns: [...(opts.before ?? []), ...columns],
    rowKey: batchKey,
    above: TruncatedNote,
    expand: {
      render: (b) => <BatchValues batch={b} />,
      label: (b, fmt) => fmt.t('web.diag.valuesOf', { batch: b.batchId }),
      can: (b) => b.parameters.length > 0,
    },
    empty: 'web.diag.empty.batches',
    heading: opts.heading,
  };
}
