/** Above a batch's doses: what its doses add up to — planned and weighed kilograms, the deviation, doses out of tolerance, planned doses not weighed. */
import { ReportFigures } from './report-figures';
import { useReportFormat } from '../hooks/use-report-format';
import type { BatchDoses } from '../utils/batch-types';

export function BatchFigures({ answer }: { answer: BatchDoses }) {
  const fmt = useReportFormat();
  return (
    <ReportFigures
      label={fmt.t('web.batch.doseTotals')}
      testId="dose-totals"
      figures={[
        { id: 'doses', label: fmt.t('web.report.col.doses'), value: fmt.count(answer.rows.length) },
        { id: 'setpointKg', label: fmt.t('web.report.col.setpointKg'), value: fmt.kg(answer.setpointKg) },
        { id: 'actualKg', label: fmt.t('web.report.col.actualKg'), value: fmt.kg(answer.actualKg) },
        { id: 'deviationKg', label: fmt.t('web.report.col.deviationKg'), value: fmt.kg(answer.deviationKg) },
        { id: 'outOfTolerance', label: fmt.t('web.report.col.outOfTolerance'), value: fmt.count(answer.outOfTolerance) },
        { id: 'missing', label: fmt.t('web.batch.col.missing'), value: fmt.count(answer.missing.length) },
      ]}
    />
  );
}
