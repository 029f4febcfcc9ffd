/**
 * OEE's factors as the report and the dashboard show them (docs/architecture.md, "OEE"): a
 * fraction as a percentage with one decimal, and, where the api answers null (not measurable),
 * the reason in words — the line reports no states (or had no planned time), no ideal rate for
 * the kilograms made without one, the line did not run, nothing was made. OEE itself is null
 * when a factor is: it says that factor's reason.
 */
import type { IntlShape } from 'react-intl';
import type { OeeFigures } from '../api/report-types';

export type OeeFactor = 'oee' | 'availability' | 'performance' | 'quality';

/** The factors in the order they are shown: OEE first, then what it is the product of. */
export const OEE_FACTORS: readonly OeeFactor[] = ['oee', 'availability', 'performance', 'quality'];

/** Message id of each factor's name. */
export const factorLabel = (factor: OeeFactor) => `web.report.oee.${factor}`;

/** The figures a reason is read from (a row of the report, its totals, a dashboard line). */
export type FactorFigures = Pick<OeeFigures, OeeFactor | 'plannedS' | 'unratedKg'>;

/** Below a millisecond is rounding, not time (as the server counts). */
const SOME_TIME_S = 1e-3;

/** A fraction (0–1, performance may pass 1) as a percentage with one decimal ("72.5%"). */
export function oeePercent(intl: IntlShape, value: number): string {
  return intl.formatNumber(value, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** The factor's value, or null where it is not measurable. */
export function factorValue(f: FactorFigures, factor: OeeFactor): number | null {
  const v = f[factor];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function ownReason(f: FactorFigures, factor: Exclude<OeeFactor, 'oee'>, intl: IntlShape): string {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (factor === 'availability') return t(f.plannedS > SOME_TIME_S ? 'web.report.oee.reason.noStates' : 'web.report.oee.reason.notPlanned');
  if (factor === 'performance')
    return f.unratedKg > 0 ? t('web.report.oee.reason.noRate', { kg: intl.formatNumber(f.unratedKg, { maximumFractionDigits: 0 }) }) : t('web.report.oee.reason.notRunning');
  return t('web.report.oee.reason.nothingMade');
}

/** Why a factor is not measurable, in words; null where it is. */
export function gapReason(f: FactorFigures, factor: OeeFactor, intl: IntlShape): string | null {
  if (factorValue(f, factor) !== null) return null;
  if (factor !== 'oee') return ownReason(f, factor, intl);
  const missing = (['availability', 'performance', 'quality'] as const).find((x) => factorValue(f, x) === null);
  return ownReason(f, missing ?? 'performance', intl);
}

/** A factor as shown: its percentage, or '—' with its reason. */
export function factorText(f: FactorFigures, factor: OeeFactor, intl: IntlShape): { text: string; reason: string | null } {
  const v = factorValue(f, factor);
  return v === null ? { text: '—', reason: gapReason(f, factor, intl) } : { text: oeePercent(intl, v), reason: null };
}
