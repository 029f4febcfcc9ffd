/**
 * The comparison of the chosen batches: their mixing curves overlaid per process value (the
 * compared batches listed under them, the reference marked), then their process values side by
 * side — per parameter and batch the samples, lowest, highest and mean value, how far the mean
 * is from the reference's, and whether a limit was passed. The server's refusals (too many
 * batches, several recipes, a reference not among them) are shown as it words them.
 */
import { Stack } from '@mantine/core';
import { useRef } from 'react';
import { REPORT_PATHS, type ReportParams } from '../api/report-types';
import { useReportFormat } from '../hooks/use-report-format';
import { batchKey, COMPARED_BATCH_COLUMNS, COMPARED_VALUE_COLUMNS, comparedKey, comparedRows } from './diag-columns';
import { Overlays } from './diag-overlay';
import { Answered, DiagTable, useSectionReport } from './diag-section';
import type { ChartHandle } from './report-chart';

export function CompareResult({ params, id }: { params: ReportParams; id: string }) {
  const { t } = useReportFormat();
  const handles = useRef<(ChartHandle | null)[]>([]);
  const mixing = useSectionReport('compareMixing', REPORT_PATHS.compareMixing, params);
  const values = useSectionReport('compareParameters', REPORT_PATHS.compareParameters, params);
  return (
    <Stack gap={0} id={id} data-testid="compare-result">
      <Answered report={mixing} testId="compare-mixing">
        {(answer) => (
          <DiagTable
            testId="compare-mixing"
            heading={t('web.diag.overlays')}
            columns={COMPARED_BATCH_COLUMNS}
            rows={answer.batches}
            rowKey={batchKey}
            empty="web.diag.empty.compare"
            pdf={{ path: REPORT_PATHS.compareMixing, params, rowsField: 'batches' }}
            charts={() => handles.current}
          >
            <Overlays answer={answer} handles={handles} />
          </DiagTable>
        )}
      </Answered>
      <Answered report={values} testId="compare-values">
        {(answer) => (
          <DiagTable
            testId="compare-values"
            heading={t('web.diag.comparedValues')}
            columns={COMPARED_VALUE_COLUMNS}
            rows={comparedRows(answer.rows)}
            rowKey={comparedKey}
            empty="web.diag.empty.comparedValues"
            pdf={{ path: REPORT_PATHS.compareParameters, params, rowsField: 'rows' }}
          />
        )}
      </Answered>
    </Stack>
  );
}
