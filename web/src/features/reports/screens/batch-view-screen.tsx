/**
 * /reporting/diagnostics/view: the batches that ended in the range with their process values
 * (each opens to its values against their limits, and links to its specific view), then the
 * mixing per recipe version and mixing action — how many batches and steps, planned against
 * actual mean, shortest and longest time, energy, peak power, and the steps more than 10 %
 * off their plan.
 */
import { useIntl } from 'react-intl';
import { useLineNames } from '@/lib/use-lines';
import { REPORT_PATHS } from '../api/report-types';
import { batchesSection } from '../components/diag-batches';
import { mixingColumns, mixingKey } from '../components/diag-columns';
import { MixingChart } from '../components/diag-mixing-chart';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import type { FilterSpec } from '../hooks/use-report-filters';
import type { ConsolidatedMixing, ConsolidatedStep } from '../utils/diag-types';
import { ALL_LINES, PARAM, type Values } from '../utils/filters';

const FILTERS: FilterSpec = { pickers: ['line', 'recipe', 'order'] };

export default function BatchViewScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const lineNames = useLineNames();
  const batches = (values: Values) => batchesSection(values, { id: 'batches', heading: t('web.diag.batches'), lineNames });
  const mixing = (values: Values): SectionSpec<ConsolidatedStep, ConsolidatedMixing> => ({
    id: 'mixing',
    path: REPORT_PATHS.consolidatedMixing,
    rowsField: 'rows',
    columns: mixingColumns(values[PARAM.line] === ALL_LINES),
    rowKey: mixingKey,
    above: MixingChart,
    empty: 'web.diag.empty.mixing',
    heading: t('web.diag.mixing'),
  });
  return (
    <ReportScreen title="web.diag.title.view" filters={FILTERS}>
      <ReportSection spec={batches} />
      <ReportSection spec={mixing} />
    </ReportScreen>
  );
}
