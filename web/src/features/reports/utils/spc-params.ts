/**
 * The SPC screens' own filters (in the URL, named as the api names them), the run rules, and
 * the translations between the filters, the chart's query and a saved set (`SpcSet`):
 *
 * - `rules` is a comma-separated list of rule codes in the URL; '' (written `NONE`) is no rule,
 *   which the api spells `NONE` too.
 * - `setId` names the saved set loaded; it goes to the api only while the controls still say
 *   what the set says (then the answer carries the set's kept violations), since the api charts
 *   a set's own query whatever else is asked.
 * - An empty baseline is the api's default: a window as long as the range, just before it.
 */
import { SpcRule as SpcRules } from '@/generated/enums';
import type { SpcKind, SpcRule, SpcSet } from '../api/spc-api';
import type { ReportParams } from '../api/report-types';
import { ALL_LINES, PARAM, type Values } from './filters';

export const RULE_GROUPS: readonly { id: 'we' | 'nelson'; rules: readonly SpcRule[] }[] = [
  { id: 'we', rules: SpcRules.filter((r) => r.startsWith('WE')) },
  { id: 'nelson', rules: SpcRules.filter((r) => r.startsWith('N')) },
];

export const ALL_RULES: readonly SpcRule[] = RULE_GROUPS.flatMap((g) => g.rules);

/** The message ids of a rule's short name and its description. */
export const ruleName = (rule: string) => `web.spc.rule.${rule}.name`;
export const ruleText = (rule: string) => `web.spc.rule.${rule}.text`;

export const SPC = {
  subject: 'subject',
  material: 'materialId',
  scale: 'scaleId',
  parameter: 'parameterCode',
  chart: 'chart',
  subgroup: 'subgroup',
  baselineFrom: 'baselineFrom',
  baselineTo: 'baselineTo',
  rules: 'rules',
  set: 'setId',
} as const;

/** The four Western Electric rules: what the api judges by when asked for none in particular. */
export const DEFAULT_RULES = 'WE1,WE2,WE3,WE4';

/** The own filters of a screen, with their defaults. */
export function spcFilters(kind: SpcKind): Values {
  return {
    ...(kind === 'batch' ? { [SPC.subject]: 'DOSING_ERROR', [SPC.parameter]: '' } : {}),
    [SPC.material]: '',
    [SPC.scale]: '',
    [SPC.chart]: 'IMR',
    [SPC.subgroup]: '5',
    [SPC.baselineFrom]: '',
    [SPC.baselineTo]: '',
    [SPC.rules]: DEFAULT_RULES,
    [SPC.set]: '',
  };
}

/** The rules of the URL's list, known ones only, in the canonical order. */
export function parseRules(raw: string): SpcRule[] {
  const asked = new Set(raw.split(',').map((r) => r.trim().toUpperCase()));
  return ALL_RULES.filter((r) => asked.has(r));
}

/** The URL's list of `rules` ('' for none). */
export const rulesValue = (rules: readonly string[]): string => parseRules(rules.join(',')).join(',');

export const isParameter = (values: Values) => values[SPC.subject] === 'PARAMETER';

/** The chosen line, or null for every line (an SPC chart is of one line). */
export const oneLine = (values: Values): string | null => {
  const line = values[PARAM.line];
  return line && line !== ALL_LINES ? line : null;
};

/** The api's rules list ('NONE' for no rule). */
const rulesParam = (values: Values) => rulesValue(values[SPC.rules].split(',')) || 'NONE';

/** True when the controls say what `set` says (so the chart is the set's). */
export function matchesSet(values: Values, set: SpcSet): boolean {
  const own = fromSet(set);
  return Object.entries(own).every(([k, v]) => (k === SPC.rules ? rulesValue(values[k].split(',')) === v : (values[k] ?? '') === v));
}

/**
 * The chart's query from the filters (`base`: the screen's line and range), or null while it
 * cannot be drawn (every line, no material or parameter chosen).
 */
export function chartParams(base: ReportParams, values: Values, set: SpcSet | undefined): ReportParams | null {
  if (!oneLine(values)) return null;
  const parameter = isParameter(values);
  if (parameter ? !values[SPC.parameter] : !values[SPC.material]) return null;
  const out: ReportParams = { ...base, rules: rulesParam(values) };
  for (const k of parameter ? [SPC.material, SPC.scale] : [SPC.parameter]) delete out[k as keyof ReportParams];
  if (values[SPC.chart] !== 'XBAR_R') delete out.subgroup;
  if (!set || !matchesSet(values, set)) delete out.setId;
  return out;
}

/** The filters a saved set fills. */
export function fromSet(set: SpcSet): Values {
  const parameter = set.subject === 'PARAMETER';
  const out: Values = {
    [SPC.material]: parameter ? '' : (set.materialCode ?? ''),
    [SPC.scale]: parameter ? '' : (set.scaleCode ?? ''),
    [SPC.chart]: set.chart ?? 'IMR',
    [SPC.baselineFrom]: new Date(set.baselineFrom).toISOString(),
    [SPC.baselineTo]: new Date(set.baselineTo).toISOString(),
    [SPC.rules]: rulesValue(set.rules ?? []),
  };
  if (set.chart === 'XBAR_R') out[SPC.subgroup] = String(set.subgroup ?? 5);
  if (set.subject !== 'CONSUMPTION') {
    out[SPC.subject] = set.subject ?? 'DOSING_ERROR';
    out[SPC.parameter] = parameter ? (set.parameterCode ?? '') : '';
  }
  return out;
}

/**
 * The baseline the chart is limited by: the one chosen, else the api's default (as long as the
 * range, just before it; from a start or up to an end given alone).
 */
export function baselineOf(values: Values): { from: string; to: string } | null {
  const from = Date.parse(values[PARAM.from]);
  const to = Date.parse(values[PARAM.to]);
  if (Number.isNaN(from) || Number.isNaN(to)) return null;
  const length = to - from;
  const bf = values[SPC.baselineFrom] ? Date.parse(values[SPC.baselineFrom]) : Number.NaN;
  const bt = values[SPC.baselineTo] ? Date.parse(values[SPC.baselineTo]) : Number.NaN;
  const [f, t] = !Number.isNaN(bf) && !Number.isNaN(bt) ? [bf, bt] : !Number.isNaN(bf) ? [bf, bf + length] : !Number.isNaN(bt) ? [bt - length, bt] : [from - length, from];
  return { from: new Date(f).toISOString(), to: new Date(t).toISOString() };
}

/** A set of the controls as they are now, named `name` (`_id` given: a change of that set). */
export function toSet(kind: SpcKind, values: Values, name: string, live: boolean, id?: string | null): SpcSet | null {
  const line = oneLine(values);
  const baseline = baselineOf(values);
  if (!line || !baseline) return null;
  const parameter = kind === 'batch' && isParameter(values);
  const xbar = values[SPC.chart] === 'XBAR_R';
  return {
    ...(id ? { _id: id } : {}),
    lineId: line,
    name: name.trim(),
    subject: kind === 'batch' ? (values[SPC.subject] || 'DOSING_ERROR') : 'CONSUMPTION',
    materialCode: parameter ? null : values[SPC.material] || null,
    scaleCode: parameter ? null : values[SPC.scale] || null,
    parameterCode: parameter ? values[SPC.parameter] || null : null,
    chart: xbar ? 'XBAR_R' : 'IMR',
    subgroup: xbar ? Number(values[SPC.subgroup]) || 5 : null,
    baselineFrom: baseline.from,
    baselineTo: baseline.to,
    rules: parseRules(values[SPC.rules]),
    live: kind === 'batch' && live,
  };
}
