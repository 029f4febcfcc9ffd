/**
 * /reporting/diagnostics/specificview/:lineId/:recipeId/:batchId/:productionScheduleId/:fromDate/:toDate:
 * one batch in its context. Its header, its process values against their limits with its
 * curves drawn, what of it went out of spec; then the other batches of its recipe (and order,
 * unless the route's order is `0`/`NONE`) that ended in [fromDate, toDate], with a button that
 * compares up to ten of them with this batch as the reference.
 */
import { Alert, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useLineNames } from '@/lib/use-lines';
import { REPORT_PATHS } from '../api/report-types';
import { parameterKey, PARAMETER_COLUMNS } from '../components/batch-record-columns';
import { batchesSection } from '../components/diag-batches';
import { outOfSpecColumns, outOfSpecKey } from '../components/diag-columns';
import { batchQuery, CompareWith, SpecificCurves, SpecificFrame, SpecificHeader } from '../components/diag-specific';
import { ReportSection, type SectionSpec } from '../components/report-section';
import { useReportFormat } from '../hooks/use-report-format';
import type { ParameterRow } from '../utils/batch-types';
import { specificRoute } from '../utils/diag-paths';
import type { BatchDiagnostics, OutOfSpecRow } from '../utils/diag-types';
import type { Values } from '../utils/filters';

export default function SpecificViewScreen() {
  const fmt = useReportFormat();
  const lineNames = useLineNames();
  const route = specificRoute(useParams());
  const title = fmt.t('web.diag.title.specific', { batch: route.batchId });
  const { from, to } = route;
  return (
    <section aria-labelledby="screen-title" data-testid="diag-specific">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {title}
      </Title>
      {!route.batchId || !from || !to ? (
        <Alert color="red" variant="light" role="alert" data-testid="diag-bad-address">
          {fmt.t('web.diag.badAddress')}
        </Alert>
      ) : (
        <SpecificFrame route={{ ...route, from, to }} title={title}>
          {(batch) => {
            const own = (values: Values) => batchQuery(values, batch.batchId);
            const parameters: SectionSpec<ParameterRow, BatchDiagnostics> = {
              id: 'parameters',
              path: REPORT_PATHS.batchDiagnostics,
              params: (_base, values) => own(values),
              rowsField: 'parameters',
              columns: PARAMETER_COLUMNS,
              rowKey: parameterKey,
              above: SpecificCurves,
              empty: 'web.batch.empty.parameters',
              heading: fmt.t('web.batch.parameters'),
            };
            const outOfSpec: SectionSpec<OutOfSpecRow> = {
              id: 'outOfSpec',
              path: REPORT_PATHS.batchDiagnostics,
              params: (_base, values) => own(values),
              rowsField: 'outOfSpec',
              columns: outOfSpecColumns(false),
              rowKey: outOfSpecKey,
              empty: 'web.diag.empty.batchOutOfSpec',
              heading: fmt.t('web.diag.batchOutOfSpec'),
            };
            const context = (values: Values) => batchesSection(values, { id: 'context', lineNames });
            return (
              <Stack gap={0}>
                <SpecificHeader batch={batch} />
                <ReportSection spec={parameters} />
                <ReportSection spec={outOfSpec} />
                <CompareWith batch={batch} />
                <ReportSection spec={context} />
              </Stack>
            );
          }}
        </SpecificFrame>
      )}
    </section>
  );
}
