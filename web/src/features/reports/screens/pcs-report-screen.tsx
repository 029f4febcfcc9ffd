/**
 * /reporting/pcs/report: the pellet press's pressure against its setpoint — per material and
 * sensor over the range (with the share of readings within the band as bars), then per batch,
 * a page at a time from the server: readings, mean, lowest, highest, standard deviation,
 * setpoint, deviation and the share within the band. Narrowed to a line, a material code and a
 * sensor; the band (% of the setpoint, 5 by default) is the screen's own. The pressure alarms
 * are a link away.
 */
import { Anchor } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { query } from '@/lib/query-string';
import { REPORT_PATHS } from '../api/report-types';
import { BandInput, PcsPickers } from '../components/pcs-controls';
import { batchPressureColumns, pressureColumns, pressureKey } from '../components/pcs-columns';
import { ReportScreen } from '../components/report-screen';
import { pagedList, ReportSection, type SectionSpec } from '../components/report-section';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { ALL_LINES, PARAM, type Values } from '../utils/filters';
import { DEFAULT_BAND_PCT, PCS_PARAM, type PressureReport, type PressureRow } from '../utils/pcs-types';

const FILTERS: FilterSpec = { pickers: ['line'], own: { [PCS_PARAM.material]: '', [PCS_PARAM.sensor]: '', [PCS_PARAM.band]: DEFAULT_BAND_PCT } };

const ALARMS = '/reporting/pcs/report/alarms';

/** To the pressure alarms of the same line and range. */
function AlarmsLink() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const line = values[PARAM.line];
  const to = `${ALARMS}${query({ [PARAM.line]: line === ALL_LINES ? undefined : line, [PARAM.from]: values[PARAM.from], [PARAM.to]: values[PARAM.to] })}`;
  return (
    <Anchor component={Link} to={to} size="sm" mb="md" display="inline-block" data-testid="pcs-alarms-link">
      {t('web.pcs.alarms')}
    </Anchor>
  );
}

export default function PcsReportScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const perMaterial = (values: Values): SectionSpec<PressureRow, PressureReport> => ({
    id: 'pressure',
    path: REPORT_PATHS.pcsPressure,
    rowsField: 'rows',
    columns: pressureColumns(values[PARAM.line] === ALL_LINES),
    rowKey: pressureKey,
    chart: { title: 'web.pcs.chart.withinBand', kind: 'bar', label: (r) => `${r.materialCode ?? '—'} · ${r.sensor}`, value: (r) => r.withinBandPct, unit: 'pct' },
    empty: 'web.pcs.empty.pressure',
    heading: t('web.pcs.perMaterial'),
  });
  const perBatch = (values: Values): SectionSpec<PressureRow> => ({
    ...pagedList(REPORT_PATHS.pcsReport, 'rows'),
    id: 'batches',
    columns: batchPressureColumns(values[PARAM.line] === ALL_LINES),
    rowKey: pressureKey,
    empty: 'web.pcs.empty.batches',
    heading: t('web.pcs.perBatch'),
  });
  return (
    <ReportScreen
      title="web.pcs.title.report"
      filters={FILTERS}
      controls={
        <>
          <PcsPickers />
          <BandInput />
        </>
      }
      note={<AlarmsLink />}
    >
      <ReportSection spec={perMaterial} />
      <ReportSection spec={perBatch} />
    </ReportScreen>
  );
}
