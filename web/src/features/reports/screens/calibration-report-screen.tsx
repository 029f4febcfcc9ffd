/**
 * /reporting/others/calibrationReport: every scale of the line(s) with its checks in the range,
 * its last passed check and next due date (the calibration interval after it), overdue scales
 * marked; then the checks a page at a time from the server, of one scale if one is chosen.
 */
import { useIntl } from 'react-intl';
import { useLineNames } from '@/lib/use-lines';
import { useScaleOptions } from '../api/filter-options-api';
import { REPORT_PATHS, type CalibrationCheck, type CalibrationReport, type ScaleCalibration } from '../api/report-types';
import { CHECK_COLUMNS, checkKey, SCALE_COLUMNS, scaleKey } from '../components/calibration-columns';
import { CodePicker } from '../components/filter-bar';
import { ReportFigures } from '../components/report-figures';
import { ReportScreen } from '../components/report-screen';
import { pagedList, ReportSection, summaryParams, type SectionSpec } from '../components/report-section';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { withLine } from '../utils/columns';
import { PARAM, type Values } from '../utils/filters';

const FILTERS: FilterSpec = { pickers: ['line'], own: { scaleId: '' } };

function ScalePicker() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const scales = useScaleOptions(values[PARAM.line]);
  return <CodePicker param="scaleId" label={t('web.report.filter.scale')} anyLabel={t('web.report.filter.everyScale')} records={scales.data ?? []} testId="filter-scale" />;
}

/** The interval a passed check holds, the scales overdue now, the checks of the range. */
function CalibrationFigures({ answer: report }: { answer: CalibrationReport }) {
  const fmt = useReportFormat();
  return (
    <ReportFigures
      label={fmt.t('web.report.calibrationFigures')}
      testId="calibration-figures"
      figures={[
        { id: 'interval', label: fmt.t('web.report.calibrationInterval'), value: fmt.t('web.report.days', { days: report.intervalDays }) },
        { id: 'overdue', label: fmt.t('web.report.overdueScales'), value: fmt.count(report.overdue) },
        { id: 'checks', label: fmt.t('web.report.col.checks'), value: fmt.count(report.total) },
      ]}
    />
  );
}

const SCALES: SectionSpec<ScaleCalibration, CalibrationReport> = {
  id: 'scales',
  path: REPORT_PATHS.calibration,
  params: summaryParams,
  rowsField: 'scales',
  columns: SCALE_COLUMNS,
  rowKey: scaleKey,
  above: CalibrationFigures,
  empty: 'web.report.empty.scales',
};

export default function CalibrationReportScreen() {
  const intl = useIntl();
  const names = useLineNames();
  const checks = (values: Values): SectionSpec<CalibrationCheck> => ({
    ...pagedList(REPORT_PATHS.calibration, 'checks'),
    columns: withLine(CHECK_COLUMNS, names, values[PARAM.line]),
    rowKey: checkKey,
    empty: 'web.report.empty.checks',
    heading: intl.formatMessage({ id: 'web.report.checks' }),
  });
  return (
    <ReportScreen title="web.screen.calibrationReport" filters={FILTERS} controls={<ScalePicker />}>
      <ReportSection spec={{ ...SCALES, heading: intl.formatMessage({ id: 'web.report.scales' }) }} />
      <ReportSection spec={checks} />
    </ReportScreen>
  );
}
