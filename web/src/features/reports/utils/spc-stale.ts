/**
 * What differs between the set an engineer is saving and the saved set as someone else saved it
 * meanwhile (decision 97), field by field as the SPC controls show them.
 */
import { ChartKind, SpcSubject } from '@/generated/enums';
import { differences, type Difference } from '@/lib/stale-edit';
import type { SpcSet } from '../api/spc-api';

export interface SpcCompareText {
  t: (id: string) => string;
  /** An instant in plant time. */
  dateTime: (iso: string) => string;
}

const SUBJECTS: readonly string[] = SpcSubject;
const CHARTS: readonly string[] = ChartKind;

/** The fields where `mine` (the controls as they would be saved) and `theirs` (the saved set) differ. */
export function spcSetDifferences(mine: SpcSet, theirs: SpcSet, x: SpcCompareText): Difference[] {
  const named = (prefix: string, known: readonly string[]) => (v: string | null | undefined) => (v && known.includes(v) ? x.t(`${prefix}.${v}`) : (v ?? ''));
  const subject = named('web.spc.subject', SUBJECTS);
  const chart = named('web.spc.chart', CHARTS);
  const rules = (s: SpcSet) => [...(s.rules ?? [])].sort().join(', ');
  const subgroup = (s: SpcSet) => (s.chart === 'XBAR_R' && s.subgroup ? String(s.subgroup) : '');
  const live = (s: SpcSet) => x.t(s.live ? 'web.spc.set.isLive' : 'web.spc.set.notLive');
  const row = (key: string, label: string, text: (s: SpcSet) => string): Difference => ({ key, label: x.t(label), mine: text(mine), theirs: text(theirs) });
  return differences([
    row('name', 'web.spc.set.name', (s) => s.name),
    row('subject', 'web.spc.subject', (s) => subject(s.subject)),
    row('materialCode', 'web.report.filter.material', (s) => s.materialCode ?? ''),
    row('scaleCode', 'web.report.filter.scale', (s) => s.scaleCode ?? ''),
    row('parameterCode', 'web.spc.parameter', (s) => s.parameterCode ?? ''),
    row('chart', 'web.spc.chart', (s) => chart(s.chart)),
    row('subgroup', 'web.spc.subgroup', subgroup),
    row('baselineFrom', 'web.spc.baselineFrom', (s) => x.dateTime(s.baselineFrom)),
    row('baselineTo', 'web.spc.baselineTo', (s) => x.dateTime(s.baselineTo)),
    row('rules', 'web.spc.rules', rules),
    row('live', 'web.spc.set.live', live),
  ]);
}
