/**
 * /reporting/batch/batchdetails/:id (`?lineId=` when two lines share the number): one batch's
 * record — its header, its doses as weighed against the plan (flagged OK/UNDER/OVER) with the
 * planned doses not weighed, its mixing steps as run with its process curves and the steps its
 * control recipe planned, its process values against their limits, its miscellaneous values,
 * the lots its doses took (users who may read a batch's lots: lot or report readers), and a
 * link to its alarms. Each section exports (CSV, XLSX, and PDF drawn by the server over
 * the batch's number, line and start to end: the frame's filters), and the whole record prints
 * as one PDF (`getlinebatchdetails/generatePdf`). A batch that is not there says so.
 *
 * Leaving for any page but the batch summary forgets the summary's kept filters (§4).
 */
import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { LotsUsedSection } from '@/features/traceability/components/lots-used';
import { REPORT_PATHS } from '../api/report-types';
import { BatchCurves } from '../components/batch-curves';
import { DOSE_COLUMNS, doseKey, MISSING_COLUMNS, missingKey } from '../components/batch-columns';
import { BatchFigures } from '../components/batch-figures';
import { BatchFrame, FrameLink, summaryLink } from '../components/batch-frame';
import { BatchHeader } from '../components/batch-header';
import { RecordPdfButton } from '../components/record-pdf-button';
import { MISC_COLUMNS, miscKey, PARAMETER_COLUMNS, parameterKey, PLANNED_STEP_COLUMNS, plannedStepKey, STEP_COLUMNS, stepKey } from '../components/batch-record-columns';
import { ReportSection, type SectionSpec } from '../components/report-section';
import { useReportFormat } from '../hooks/use-report-format';
import { batchPaths, batchRange, keptSummaryState, leftBatchDetailsFor } from '../utils/batch-paths';
import type { BatchDoses, BatchMisc, BatchMixing, DoseRow, MiscRow, MixRow, ParameterRow, PlannedDose, PlannedMix } from '../utils/batch-types';

type Spec<R, A = unknown> = Omit<SectionSpec<R, A>, 'heading'> & { heading: string };

function sections(t: (id: string) => string) {
  const doses: Spec<DoseRow, BatchDoses> = {
    id: 'doses',
    path: REPORT_PATHS.batchWeighings,
    rowsField: 'rows',
    columns: DOSE_COLUMNS,
    rowKey: doseKey,
    above: BatchFigures,
    empty: 'web.report.noWeighings',
    heading: t('web.batch.doses'),
  };
  const missing: Spec<PlannedDose> = {
    id: 'missing',
    path: REPORT_PATHS.batchWeighings,
    rowsField: 'missing',
    columns: MISSING_COLUMNS,
    rowKey: missingKey,
    empty: 'web.batch.empty.missing',
    heading: t('web.batch.missing'),
  };
  const steps: Spec<MixRow, BatchMixing> = {
    id: 'steps',
    path: REPORT_PATHS.batchMixing,
    rowsField: 'steps',
    columns: STEP_COLUMNS,
    rowKey: stepKey,
    above: BatchCurves,
    empty: 'web.batch.empty.steps',
    heading: t('web.batch.mixing'),
  };
  const planned: Spec<PlannedMix> = {
    id: 'planned',
    path: REPORT_PATHS.batchMixing,
    rowsField: 'planned',
    columns: PLANNED_STEP_COLUMNS,
    rowKey: plannedStepKey,
    empty: 'web.batch.empty.planned',
    heading: t('web.batch.plannedMixing'),
  };
  const parameters: Spec<ParameterRow> = {
    id: 'parameters',
    path: REPORT_PATHS.batchParameters,
    rowsField: 'rows',
    columns: PARAMETER_COLUMNS,
    rowKey: parameterKey,
    empty: 'web.batch.empty.parameters',
    heading: t('web.batch.parameters'),
  };
  const misc: Spec<MiscRow, BatchMisc> = {
    id: 'misc',
    path: REPORT_PATHS.batchMisc,
    rowsField: 'rows',
    columns: MISC_COLUMNS,
    rowKey: miscKey,
    empty: 'web.batch.empty.misc',
    heading: t('web.batch.misc'),
  };
  return { doses, missing, steps, planned, parameters, misc };
}

/** Forgets the summary's kept state when this screen is left for a page other than the summary. */
function useForgetOnLeave() {
  useEffect(
    // The router has moved to the next address when the screen unmounts (a StrictMode
    // re-mount leaves it here, and keeps the state).
    () => () => leftBatchDetailsFor(window.location.pathname),
    [],
  );
}

export default function BatchDetailsScreen() {
  const fmt = useReportFormat();
  useForgetOnLeave();
  const s = sections(fmt.t);
  return (
    <BatchFrame
      heading={(batchId) => fmt.t('web.batch.title', { batch: batchId })}
      testId="batch-details"
      links={(batch) => (
        <>
          <FrameLink to={summaryLink(keptSummaryState())} text={fmt.t('web.batch.backToSummary')} testId="back-to-summary" />
          {batch ? <FrameLink to={batchPaths.alarms(batch.batchId, batch.lineId)} text={fmt.t('web.batch.alarmsLink')} testId="batch-alarms" /> : null}
          {batch ? (
            <RecordPdfButton
              path={REPORT_PATHS.batchDetails}
              params={{ batchId: batch.batchId, lineId: batch.lineId }}
              heading={fmt.t('web.batch.recordTitle', { batch: batch.batchId })}
              from={batchRange(batch).from}
              testId="batch-record-pdf"
            />
          ) : null}
        </>
      )}
    >
      {(batch) => (
        <Stack gap={0}>
          <BatchHeader batch={batch} />
          <ReportSection spec={s.doses} />
          <ReportSection spec={s.missing} />
          <LotsUsedSection lineId={batch.lineId} batchId={batch.batchId} />
          <ReportSection spec={s.steps} />
          <ReportSection spec={s.planned} />
          <ReportSection spec={s.parameters} />
          <ReportSection spec={s.misc} />
        </Stack>
      )}
    </BatchFrame>
  );
}
