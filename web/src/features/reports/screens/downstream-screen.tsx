/**
 * /reporting/diagnostics/downstream: the downstream equipment (the report parameters marked
 * "downstream": conditioner, steam, pellet press) over the batches that ended in the range — a
 * small trend of each one's mean per batch against its limits, then a table of its batches,
 * batches past a limit, lowest, highest and mean value and its limits. Without such parameters
 * it says so, and where they are configured.
 */
import { useIntl } from 'react-intl';
import { useRef } from 'react';
import { REPORT_PATHS } from '../api/report-types';
import { downstreamColumns, downstreamKey } from '../components/diag-columns';
import { DownstreamTrends, NoDownstream } from '../components/diag-downstream';
import { Answered, DiagTable, useSectionReport } from '../components/diag-section';
import type { ChartHandle } from '../components/report-chart';
import { ReportScreen } from '../components/report-screen';
import { useReportContext } from '../hooks/report-context';
import type { FilterSpec } from '../hooks/use-report-filters';
import { ALL_LINES, apiParams, backwards, PARAM } from '../utils/filters';

const FILTERS: FilterSpec = { pickers: ['line', 'recipe', 'order'] };

function DownstreamSection() {
  const intl = useIntl();
  const { values } = useReportContext();
  const handles = useRef<(ChartHandle | null)[]>([]);
  const params = backwards(values[PARAM.from], values[PARAM.to]) ? null : apiParams(values);
  const report = useSectionReport('downstream', REPORT_PATHS.downstreams, params);
  if (!params) return null;
  return (
    <Answered report={report} testId="diag-downstream">
      {(answer) =>
        answer.rows.length === 0 ? (
          <NoDownstream />
        ) : (
          <DiagTable
            testId="diag-downstream"
            heading={intl.formatMessage({ id: 'web.diag.downstreamParameters' })}
            columns={downstreamColumns(values[PARAM.line] === ALL_LINES)}
            rows={answer.rows}
            rowKey={downstreamKey}
            empty="web.diag.empty.downstream"
            pdf={{ path: REPORT_PATHS.downstreams, params, rowsField: 'rows' }}
            charts={() => handles.current}
          >
            <DownstreamTrends answer={answer} handles={handles} />
          </DiagTable>
        )
      }
    </Answered>
  );
}

export default function DownstreamScreen() {
  return (
    <ReportScreen title="web.diag.title.downstream" filters={FILTERS}>
      <DownstreamSection />
    </ReportScreen>
  );
}
