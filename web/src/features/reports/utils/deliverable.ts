/**
 * The reports the server delivers on a schedule (its list: model/src/subscription.rs
 * `DELIVERABLE`), each named by its call's last path segment, with the title of the screen that
 * shows it (two have no screen of their own); and what a subscription keeps of a screen's
 * query: everything but the range (each period gives its own) and the paging.
 */
import { REPORT_PATHS, type ReportParams } from '../api/report-types';
import { PARAM } from './filters';

const DELIVERABLE: Readonly<Record<string, string>> = {
  totalweightgroupedby: 'web.screen.consumptionByMaterials',
  getconsumptionstats: 'web.screen.consumptionStatistics',
  getconsumptionbymaterialcatagory: 'web.screen.consumptionByMaterialCategory',
  getconsumtionsbyshifts: 'web.subscription.report.byShifts',
  getconsumptionstatsbyorderwise: 'web.subscription.report.byOrder',
  getconsumtionsbycharges: 'web.screen.consumptionByBatches',
  getproductionbyrecipe: 'web.screen.productionByRecipe',
  productionbytime: 'web.screen.productionByTime',
  stoptimereport: 'web.screen.stopTimeReport',
  performance: 'web.screen.alarmPerformance',
  oee: 'web.screen.oee',
  getmaterialhistory: 'web.screen.binHistory',
  calibrationreport: 'web.screen.calibrationReport',
  getalarms: 'web.batch.alarmList',
  getBatchStats: 'web.screen.batchStatistics',
};

/** A report call's last path segment: what a subscription names (`/api/reports/oee` → `oee`). */
export const segmentOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Whether the report at `path` can be delivered on a schedule. */
export const isDeliverable = (path: string): boolean => Object.hasOwn(DELIVERABLE, segmentOf(path));

/**
 * Message id of a deliverable report's name (its screen's title: one material's consumption is
 * the "Consumption by Material" screen's); null for one the server no longer lists.
 */
export function reportTitleOf(segment: string, filters: Readonly<Record<string, unknown>> = {}): string | null {
  if (!Object.hasOwn(DELIVERABLE, segment)) return null;
  if (segment === segmentOf(REPORT_PATHS.grouped) && filters.materialId) return 'web.screen.consumptionByMaterial';
  return DELIVERABLE[segment];
}

/** What a subscription leaves out of a report's query. */
const LEFT_OUT = new Set<string>([PARAM.from, PARAM.to, 'page', 'limit']);

/** A screen's report query as a subscription keeps it: no range, no paging, no empty values. */
export function subscriptionFilters(params: ReportParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (LEFT_OUT.has(key) || value === undefined || value === null || value === '') continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}
