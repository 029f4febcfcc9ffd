/**
 * /reporting/batch/batchsummary/:id/alarms (`?lineId=` when two lines share the number): the
 * alarms raised while one batch ran, a page at a time from the server — raised, acknowledged
 * and cleared, the severity as a word on a coloured badge, whether it stops the line — with a
 * link back to the batch. Exports like every report (the PDF over the batch's start to end).
 */
import { Text } from '@mantine/core';
import { REPORT_PATHS } from '../api/report-types';
import { BATCH_ALARM_COLUMNS, alarmKey } from '../components/batch-alarm-columns';
import { BatchFrame, FrameLink, summaryLink } from '../components/batch-frame';
import { pagedList, ReportSection, type SectionSpec } from '../components/report-section';
import { useReportFormat } from '../hooks/use-report-format';
import { recipeLabel } from '../utils/batch-format';
import { batchPaths, keptSummaryState } from '../utils/batch-paths';
import type { AlarmRow } from '../utils/batch-types';

const ALARMS: SectionSpec<AlarmRow> = {
  ...pagedList(REPORT_PATHS.batchAlarms, 'rows'),
  id: '',
  columns: BATCH_ALARM_COLUMNS,
  rowKey: alarmKey,
  empty: 'web.batch.empty.batchAlarms',
};

export default function BatchAlarmsScreen() {
  const fmt = useReportFormat();
  return (
    <BatchFrame
      heading={(batchId) => fmt.t('web.batch.alarmsTitle', { batch: batchId })}
      testId="batch-alarms-screen"
      links={(batch) => (
        <>
          {batch ? <FrameLink to={batchPaths.details(batch.batchId, batch.lineId)} text={fmt.t('web.batch.backToBatch', { batch: batch.batchId })} testId="back-to-batch" /> : null}
          <FrameLink to={summaryLink(keptSummaryState())} text={fmt.t('web.batch.backToSummary')} testId="back-to-summary" />
        </>
      )}
    >
      {(batch) => (
        <>
          <Text size="sm" mb="md" data-testid="batch-alarms-of">
            {fmt.t('web.batch.alarmsIntro', {
              recipe: recipeLabel(batch) || '—',
              line: batch.lineName ?? batch.lineId,
              from: batch.startedAt ? fmt.dateTime(batch.startedAt) : '—',
              to: batch.endedAt ? fmt.dateTime(batch.endedAt) : fmt.t('web.report.ongoing'),
            })}
          </Text>
          <ReportSection spec={ALARMS} />
        </>
      )}
    </BatchFrame>
  );
}
