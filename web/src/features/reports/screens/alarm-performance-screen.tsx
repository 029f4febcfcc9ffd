/**
 * /reporting/others/alarmperformance: how the alarms of the range served the operators, by
 * ISA-18.2's measures (issue 34, item 2) — the selection's figures as cards and each line's in a
 * table with the lines together as its total, the ten most frequent alarms (with a chart), the
 * points that chattered, the floods and the standing alarms. One call answers every section;
 * each table has its own exports (its PDF names its list).
 */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { REPORT_PATHS, type AlarmFlood, type AlarmPerformance, type LineAlarmMeasures, type PointAlarms, type StandingAlarm } from '../api/report-types';
import {
  CHATTERING_COLUMNS,
  FLOOD_COLUMNS,
  floodKey,
  LINE_MEASURE_COLUMNS,
  lineMeasureKey,
  pointKey,
  STANDING_COLUMNS,
  standingKey,
  TOP_COLUMNS,
} from '../components/alarm-performance-columns';
import { AlarmPerformanceSummary } from '../components/alarm-performance-summary';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import type { FilterSpec } from '../hooks/use-report-filters';

const FILTERS: FilterSpec = { pickers: ['line'] };
const PATH = REPORT_PATHS.alarmPerformance;

const LINES: SectionSpec<LineAlarmMeasures, AlarmPerformance> = {
  id: 'lines',
  path: PATH,
  rowsField: 'lines',
  columns: LINE_MEASURE_COLUMNS,
  rowKey: lineMeasureKey,
  above: AlarmPerformanceSummary,
  totalsField: 'all',
  empty: 'web.report.alarmPerformance.empty.lines',
};

const TOP: SectionSpec<PointAlarms> = {
  id: 'top',
  path: PATH,
  rowsField: 'top',
  columns: TOP_COLUMNS,
  rowKey: pointKey,
  chart: { title: 'web.report.alarmPerformance.chart.top', kind: 'bar', label: (r) => r.code, value: (r) => r.alarms, unit: 'count' },
  empty: 'web.report.alarmPerformance.empty.top',
};

const CHATTERING: SectionSpec<PointAlarms> = {
  id: 'chattering',
  path: PATH,
  rowsField: 'chattering',
  columns: CHATTERING_COLUMNS,
  rowKey: pointKey,
  empty: 'web.report.alarmPerformance.empty.chattering',
};

const FLOODS: SectionSpec<AlarmFlood> = {
  id: 'floods',
  path: PATH,
  rowsField: 'floods',
  columns: FLOOD_COLUMNS,
  rowKey: floodKey,
  empty: 'web.report.alarmPerformance.empty.floods',
};

const STANDING: SectionSpec<StandingAlarm> = {
  id: 'standing',
  path: PATH,
  rowsField: 'standing',
  columns: STANDING_COLUMNS,
  rowKey: standingKey,
  empty: 'web.report.alarmPerformance.empty.standing',
};

export default function AlarmPerformanceScreen() {
  const intl = useIntl();
  const specs = useMemo(() => {
    const t = (id: string) => intl.formatMessage({ id });
    return {
      lines: { ...LINES, heading: t('web.report.alarmPerformance.summary'), caption: t('web.report.alarmPerformance.perLine') },
      top: { ...TOP, heading: t('web.report.alarmPerformance.top') },
      chattering: { ...CHATTERING, heading: t('web.report.alarmPerformance.chattering') },
      floods: { ...FLOODS, heading: t('web.report.alarmPerformance.floods') },
      standing: { ...STANDING, heading: t('web.report.alarmPerformance.standing') },
    };
  }, [intl]);
  return (
    <ReportScreen title="web.screen.alarmPerformance" filters={FILTERS}>
      <ReportSection spec={specs.lines} />
      <ReportSection spec={specs.top} />
      <ReportSection spec={specs.chattering} />
      <ReportSection spec={specs.floods} />
      <ReportSection spec={specs.standing} />
    </ReportScreen>
  );
}
