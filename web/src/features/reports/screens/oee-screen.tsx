/**
 * /reporting/others/oee: overall equipment effectiveness (issue 34, item 3; decision 112) — of
 * the line (or every line) over the range, during a shift or all day, per shift occurrence, per
 * local day or per line (`groupBy`). The selection's factors and times as cards, their trend per
 * day or shift, the groups in a table with the lines together as total, and each line over the
 * range in a table of its own. One call answers both tables; each has its own exports (its PDF
 * names its list). A note says how each factor is computed.
 */
import { Box, List, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { OeeGroup } from '@/generated/enums';
import { REPORT_PATHS, type Oee, type OeeRow } from '../api/report-types';
import { ChoiceFilter } from '../components/filter-bar';
import { oeeColumns, oeeKey } from '../components/oee-columns';
import { OeeSummary } from '../components/oee-summary';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import { useReportContext } from '../hooks/report-context';
import type { FilterSpec } from '../hooks/use-report-filters';
import type { Values } from '../utils/filters';

const DEFAULT_GROUP: OeeGroup = 'day';
const FILTERS: FilterSpec = { pickers: ['line', 'shift'], own: { groupBy: DEFAULT_GROUP } };
const PATH = REPORT_PATHS.oee;

const GROUPS = OeeGroup.map((g) => ({ value: g, label: `web.report.groupBy.${g}` }));

/** The grouping of the filters (the default for one the api does not know). */
const groupOf = (values: Values): OeeGroup => OeeGroup.find((g) => g === values.groupBy) ?? DEFAULT_GROUP;

const LINES: SectionSpec<OeeRow> = { id: 'lines', path: PATH, rowsField: 'lines', columns: oeeColumns('line'), rowKey: oeeKey, empty: 'web.report.oee.empty.lines' };

/** Each line over the range; grouped per line, the groups are the lines already: no second table of them. */
function PerLine({ spec }: { spec: SectionSpec<OeeRow> }) {
  const { values } = useReportContext();
  return groupOf(values) === 'line' ? null : <ReportSection spec={spec} />;
}

const HOW = ['planned', 'availability', 'performance', 'quality', 'oee', 'rates'] as const;

/** How the factors are computed, folded away until asked for. */
function HowComputed() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Box component="details" mb="md" data-testid="oee-how">
      <Text component="summary" fw={600} size="sm" style={{ cursor: 'pointer' }}>
        {t('web.report.oee.how.title')}
      </Text>
      <List size="sm" mt="xs" spacing={2}>
        {HOW.map((k) => (
          <List.Item key={k}>{t(`web.report.oee.how.${k}`)}</List.Item>
        ))}
      </List>
    </Box>
  );
}

export default function OeeScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const rows = (values: Values): SectionSpec<OeeRow, Oee> => {
    const group = groupOf(values);
    return {
      id: 'rows',
      path: PATH,
      rowsField: 'rows',
      columns: oeeColumns(group),
      rowKey: oeeKey,
      above: OeeSummary,
      empty: 'web.report.oee.empty.rows',
      heading: t(`web.report.oee.per.${group}`),
    };
  };
  const lines: SectionSpec<OeeRow> = { ...LINES, heading: t('web.report.oee.per.line') };
  return (
    <ReportScreen
      title="web.screen.oee"
      filters={FILTERS}
      controls={<ChoiceFilter param="groupBy" label="web.report.filter.groupBy" options={GROUPS} testId="filter-groupBy" />}
      note={<HowComputed />}
    >
      <ReportSection spec={rows} />
      <PerLine spec={lines} />
    </ReportScreen>
  );
}
