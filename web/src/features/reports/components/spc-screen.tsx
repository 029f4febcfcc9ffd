/**
 * An SPC screen (the batch graph and the consumption graph are this with their own kind): the
 * filter bar with one line, the range and the SPC controls; the saved sets of the line (and,
 * on the batch graph, its live violations); then the chart section — limits, capability, the
 * control and dispersion charts, the marked points, the set's kept violations — over the
 * table of every point with its CSV, XLSX and PDF exports.
 */
import { useIntl } from 'react-intl';
import { allows, RULES } from '@/lib/access';
import { useSession } from '@/lib/session-store';
import { REPORT_PATHS } from '../api/report-types';
import { useSpcSets, type SpcChart, type SpcKind, type SpcPoint } from '../api/spc-api';
import { useReportContext } from '../hooks/report-context';
import type { FilterSpec } from '../hooks/use-report-filters';
import { ReportScreen } from './report-screen';
import { ReportSection, type SectionSpec } from './report-section';
import { SpcControls } from './spc-controls';
import { POINT_COLUMNS, pointKey } from './spc-columns';
import { SpcLiveList } from './spc-live-list';
import { SpcResult } from './spc-result';
import { SpcSets } from './spc-sets';
import { SpcScreenContext } from '../utils/spc-context';
import { chartParams, matchesSet, oneLine, spcFilters, SPC } from '../utils/spc-params';

const FILTERS: Record<SpcKind, FilterSpec> = {
  batch: { pickers: ['line'], own: spcFilters('batch') },
  consumption: { pickers: ['line'], own: spcFilters('consumption') },
};

const TITLES: Record<SpcKind, string> = { batch: 'web.screen.spcBatchGraph', consumption: 'web.screen.spcGraph' };

/** Who may save, change and delete the sets of a graph: the rules the api guards them with. */
function useCanWriteSets(kind: SpcKind): boolean {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  return allows(kind === 'batch' ? RULES.reportsUpdate : RULES.admins, role, privileges);
}

function SpcNote({ kind }: { kind: SpcKind }) {
  const { values } = useReportContext();
  const canWrite = useCanWriteSets(kind);
  const line = oneLine(values);
  return (
    <>
      <SpcSets kind={kind} canWrite={canWrite} />
      {kind === 'batch' && line ? <SpcLiveList lineId={line} /> : null}
    </>
  );
}

function SpcSection({ kind }: { kind: SpcKind }) {
  const intl = useIntl();
  const { values } = useReportContext();
  const sets = useSpcSets(kind, oneLine(values));
  const loaded = sets.data?.find((s) => s._id === values[SPC.set]);
  const set = loaded && matchesSet(values, loaded) ? loaded : undefined;
  const spec: SectionSpec<SpcPoint, SpcChart> = {
    id: '',
    path: kind === 'batch' ? REPORT_PATHS.spcBatch : REPORT_PATHS.spcConsumption,
    params: (base, v) => chartParams(base, v, set),
    rowsField: 'points',
    columns: POINT_COLUMNS,
    rowKey: pointKey,
    above: SpcResult,
    empty: 'web.spc.noPoints',
    idle: kind === 'batch' ? 'web.spc.idle.batch' : 'web.spc.idle.consumption',
    heading: intl.formatMessage({ id: 'web.spc.points' }),
  };
  return (
    <SpcScreenContext.Provider value={{ kind, set }}>
      <ReportSection spec={spec} />
    </SpcScreenContext.Provider>
  );
}

export function SpcScreen({ kind }: { kind: SpcKind }) {
  return (
    <ReportScreen title={TITLES[kind]} filters={FILTERS[kind]} controls={<SpcControls kind={kind} />} note={<SpcNote kind={kind} />}>
      <SpcSection kind={kind} />
    </ReportScreen>
  );
}
