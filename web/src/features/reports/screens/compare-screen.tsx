/**
 * /reporting/diagnostics/compare: up to ten batches of one recipe side by side. The batches of
 * the range (line and recipe filters) are listed with their recipe, order, end and values past
 * their limits; each can be chosen (the others disabled once ten are, or once a recipe is
 * chosen) and one of the chosen made the reference. The choice is kept in the address
 * (`batchIds`, `goldenBatchId`) and compared: the mixing curves overlaid per process value and
 * the process values against the reference's.
 */
import { useIntl } from 'react-intl';
import { useLineNames } from '@/lib/use-lines';
import { REPORT_PATHS } from '../api/report-types';
import { useReport } from '../api/reports-api';
import { batchesSection } from '../components/diag-batches';
import { PICK_COLUMNS, PickProvider, SelectionBar, useNoteId, useSelection } from '../components/diag-compare-pick';
import { CompareResult } from '../components/diag-compare-result';
import { ReportScreen } from '../components/report-screen';
import { ReportSection } from '../components/report-section';
import { useReportContext } from '../hooks/report-context';
import type { FilterSpec } from '../hooks/use-report-filters';
import { recipeLabel } from '../utils/batch-format';
import { names, recipeKey, SELECT_PARAM } from '../utils/diag-select';
import { apiParams, backwards, PARAM, type Values } from '../utils/filters';

const FILTERS: FilterSpec = { pickers: ['line', 'recipe'] };

const RESULT_ID = 'compare-result';

function CompareBody() {
  const intl = useIntl();
  const lineNames = useLineNames();
  const noteId = useNoteId();
  const { values } = useReportContext();
  const { sel, set } = useSelection();
  const base = apiParams(values);
  // The picker's list and the compare as the sections ask for them (the same queries: answered once).
  const list = useReport(REPORT_PATHS.batchesWithParameters, backwards(values[PARAM.from], values[PARAM.to]) ? null : base);
  const compare = sel.ids.length > 0 ? { ...base, [SELECT_PARAM.ids]: sel.ids.join(','), [SELECT_PARAM.golden]: sel.golden } : null;
  const compared = useReport(REPORT_PATHS.compareMixing, compare);
  const listed = list.data?.rows ?? [];
  // The recipe of the choice: of a chosen batch listed, else of the compared ones.
  const known = [...listed.filter((b) => sel.ids.some((id) => names(id, b))), ...(compare ? (compared.data?.batches ?? []) : [])];
  const recipe = known.length > 0 ? recipeKey(known[0]) : '';
  const picker = (v: Values) =>
    batchesSection(v, { id: 'batches', heading: intl.formatMessage({ id: 'web.diag.pick' }), lineNames, before: PICK_COLUMNS });
  return (
    <PickProvider value={{ sel, set, listed, recipe, noteId }}>
      <SelectionBar recipeLabel={known.length > 0 ? recipeLabel(known[0]) : ''} resultId={RESULT_ID} />
      <ReportSection spec={picker} />
      {compare ? <CompareResult params={compare} id={RESULT_ID} /> : null}
    </PickProvider>
  );
}

export default function CompareScreen() {
  return (
    <ReportScreen title="web.diag.title.compare" filters={FILTERS}>
      <CompareBody />
    </ReportScreen>
  );
}
