/**
 * /reporting/pcs/pressure: the pellet press's pressure over the range, in at most 600 buckets
 * (their length shown) — per sensor its mean, the lowest and highest reading of each bucket as
 * a band, and with "Pressure and setpoint" (`type=BOTH`, §9; `PRESSURE` alone by default) its
 * setpoint dashed. Narrowed to a line, a material code and a sensor; the sensors summed up in a
 * table below, exported with the charts.
 */
import { useRef } from 'react';
import { REPORT_PATHS } from '../api/report-types';
import { Answered, DiagTable, useSectionReport } from '../components/diag-section';
import { PcsPickers, TypeSwitch } from '../components/pcs-controls';
import { PressureCharts } from '../components/pcs-chart';
import { sensorColumns } from '../components/pcs-columns';
import type { ChartHandle } from '../components/report-chart';
import { ReportScreen } from '../components/report-screen';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { apiParams, backwards, PARAM } from '../utils/filters';
import { sensorStats } from '../utils/pcs-series';
import { BOTH, PCS_PARAM, PRESSURE } from '../utils/pcs-types';

const FILTERS: FilterSpec = { pickers: ['line'], own: { [PCS_PARAM.type]: PRESSURE, [PCS_PARAM.material]: '', [PCS_PARAM.sensor]: '' } };

function PressureSection() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const handles = useRef<(ChartHandle | null)[]>([]);
  const params = backwards(values[PARAM.from], values[PARAM.to]) ? null : apiParams(values);
  const report = useSectionReport('graph', REPORT_PATHS.pcsGraph, params);
  if (!params) return null;
  return (
    <Answered report={report} testId="pcs-graph">
      {(graph) => (
        <DiagTable
          testId="pcs-sensors"
          heading={t('web.pcs.sensorsHeading')}
          columns={sensorColumns(graph.type === BOTH)}
          rows={graph.series.map(sensorStats)}
          rowKey={(s) => s.key}
          empty="web.pcs.empty.graph"
          pdf={{ path: REPORT_PATHS.pcsGraph, params, rowsField: 'series' }}
          charts={() => handles.current}
        >
          <PressureCharts graph={graph} handles={handles} />
        </DiagTable>
      )}
    </Answered>
  );
}

export default function PcsPressureScreen() {
  return (
    <ReportScreen
      title="web.pcs.title.pressure"
      filters={FILTERS}
      controls={
        <>
          <TypeSwitch />
          <PcsPickers />
        </>
      }
    >
      <PressureSection />
    </ReportScreen>
  );
}
