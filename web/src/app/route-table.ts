/**
 * Every authenticated route of §2 in one place, each with its §6 rule and its screen, loaded
 * lazily. A rule is named, and the name is looked up in the server's contract
 * (`RULES[name]`, src/generated/access.json), so the guards apply the server's own values.
 * An entry without `load` shows the "not available yet" panel; a later screen plugs in by
 * giving its entry a `load` (see `replaceScreen`).
 */
import type { ComponentType } from 'react';
import { CONFIG_SCREENS } from '@/features/config/utils/config-screens';
import { RULES, type AccessRule, type RuleName } from '@/lib/access';

export type ScreenModule = { default: ComponentType };

export interface AppRoute {
  /** Absolute path pattern (react-router syntax). */
  path: string;
  /** Title: a template message id and the screen's name id passed to it as `{entity}`. */
  title: { id: string; entity: string };
  /** The name of its rule in access.json's `rules`. */
  rule: RuleName;
  load?: () => Promise<ScreenModule>;
}

/** The rule a route is guarded by: the server's rule of that name. */
export const ruleOf = (route: AppRoute): AccessRule => RULES[route.rule];

type Action = 'list' | 'new' | 'edit' | 'view' | 'version' | 'saveAs' | 'alarms';
const r = (path: string, entity: string, rule: RuleName, action: Action = 'list'): AppRoute => ({
  path,
  title: { id: `web.action.${action}`, entity: `web.screen.${entity}` },
  rule,
});

/** The descriptor-driven configuration screens (features/config finds the entity from the path). */
const CONFIG = {
  list: () => import('@/features/config/screens/list-screen'),
  new: () => import('@/features/config/screens/new-screen'),
  edit: () => import('@/features/config/screens/edit-screen'),
  view: () => import('@/features/config/screens/view-screen'),
};

/**
 * The list/new/edit/view routes of a configuration entity with its screens, spelled as its row
 * of CONFIG_SCREENS says (the one place that names its paths, §2); no view route where §2 has none.
 */
function config(entity: string, rule: RuleName, rules: { new?: RuleName; edit?: RuleName; view?: RuleName } = {}): AppRoute[] {
  const s = CONFIG_SCREENS.find((c) => c.entity === entity);
  if (!s) throw new Error(`no configuration screen for ${entity}`);
  const routes: AppRoute[] = [
    { ...r(s.base, s.screen, rule), load: CONFIG.list },
    { ...r(`${s.base}/${s.newPath}`, s.screen, rules.new ?? rule, 'new'), load: CONFIG.new },
    { ...r(`${s.base}/${s.edit.segment}${s.edit.inQuery ? '' : '/:id'}`, s.screen, rules.edit ?? rule, 'edit'), load: CONFIG.edit },
  ];
  if (s.view) routes.push({ ...r(`${s.base}/${s.view}/:id`, s.screen, rules.view ?? rule, 'view'), load: CONFIG.view });
  return routes;
}

/** Report screens reached by two routes each (a drill-down and the plain one). */
const REPORTS = {
  byMaterials: () => import('@/features/reports/screens/consumption-by-materials-screen'),
  byMaterial: () => import('@/features/reports/screens/consumption-by-material-screen'),
};

const RM = '/recipemanagement';
const REP = '/reporting';
const PS = '/scheduling/productionschedules';
const TR = '/traceability';
const ALARMS = () => import('@/features/alarms/screens/alarms-screen');
const SHIFT_LOG = '/shiftlog';

export const appRoutes: AppRoute[] = [
  { ...r('/dashboard', 'dashboard', 'any'), load: () => import('@/features/live/dashboard-page') },
  { ...r('/alarms', 'alarms', 'alarms'), load: ALARMS },
  { ...r('/alarms/:lineId', 'line', 'alarms', 'alarms'), load: ALARMS },
  { ...r(SHIFT_LOG, 'shiftLog', 'shiftLogs'), load: () => import('@/features/shiftlog/screens/shift-log-screen') },
  { ...r(`${SHIFT_LOG}/:id`, 'shiftLog', 'shiftLogs', 'view'), load: () => import('@/features/shiftlog/screens/shift-log-entry-screen') },
  ...config('lines', 'configurator', { new: 'lineCreate', edit: 'lineUpdate', view: 'lineUpdate' }),
  ...config('shifts', 'configurator'),
  ...config('materialcategories', 'configurator'),
  ...config('scales', 'configurator'),
  ...config('bins', 'configurator'),
  ...config('dosingpoints', 'configurator'),
  ...config('feedingpoints', 'configurator'),
  ...config('actionparameters', 'configurator'),
  ...config('modeparameters', 'configurator'),
  ...config('mixingactions', 'configurator'),
  ...config('mixingmodes', 'configurator'),
  ...config('irams', 'admins'),
  ...config('miscellaneousparameters', 'configurator'),
  ...config('engineeringparameters', 'configurator'),
  ...config('reportparameters', 'configurator'),
  ...config('stoptimereasongroup', 'admins', { new: 'lineCreate', edit: 'lineUpdate', view: 'lineUpdate' }),
  ...config('stopreasons', 'super'),
  ...config('idealrates', 'configurator'),
  ...config('materialdirectory', 'recipes'),
  ...config('suppliers', 'lots', { new: 'lotCreate', edit: 'lotUpdate' }),
  ...config('customers', 'lots', { new: 'lotCreate', edit: 'lotUpdate' }),
  ...config('signaturemeanings', 'admins'),
  { ...r(`${TR}/lots`, 'lots', 'lots'), load: () => import('@/features/traceability/screens/lots-screen') },
  { ...r(`${TR}/lots/new`, 'lot', 'lotCreate', 'new'), load: () => import('@/features/traceability/screens/lot-new-screen') },
  { ...r(`${TR}/lots/edit/:id`, 'lot', 'lotUpdate', 'edit'), load: () => import('@/features/traceability/screens/lot-edit-screen') },
  { ...r(`${TR}/lots/view/:id`, 'lot', 'lots', 'view'), load: () => import('@/features/traceability/screens/lot-view-screen') },
  { ...r(`${TR}/batch/:lineId/:batchId`, 'batchTrace', 'batchLots'), load: () => import('@/features/traceability/screens/batch-trace-screen') },
  { ...r(`${TR}/recall`, 'recall', 'lots'), load: () => import('@/features/traceability/screens/recall-screen') },
  { ...r(`${TR}/deliveries`, 'deliveries', 'lots'), load: () => import('@/features/traceability/screens/deliveries-screen') },
  { ...r(`${TR}/deliveries/new`, 'delivery', 'lotCreate', 'new'), load: () => import('@/features/traceability/screens/delivery-new-screen') },
  { ...r(`${TR}/deliveries/edit/:id`, 'delivery', 'lotUpdate', 'edit'), load: () => import('@/features/traceability/screens/delivery-edit-screen') },
  { ...r(`${TR}/deliveries/view/:id`, 'delivery', 'lots', 'view'), load: () => import('@/features/traceability/screens/delivery-view-screen') },
  { ...r('/configurator/connections', 'connections', 'connections'), load: () => import('@/features/connections/screens/list-screen') },
  { ...r('/configurator/connections/new', 'connection', 'connectionCreate', 'new'), load: () => import('@/features/connections/screens/new-screen') },
  { ...r('/configurator/connections/edit/:id', 'connection', 'connections', 'edit'), load: () => import('@/features/connections/screens/edit-screen') },
  {
    ...r(`${RM}/binassignment`, 'binAssignment', 'recipes'),
    load: () => import('@/features/config/screens/bin-assignment-screen'),
  },
  { ...r(`${RM}/recipes`, 'recipe', 'recipes'), load: () => import('@/features/recipes/screens/list-screen') },
  { ...r(`${RM}/recipes/addrecipe`, 'recipe', 'recipeCreate', 'new'), load: () => import('@/features/recipes/screens/add-screen') },
  { ...r(`${RM}/recipes/editrecipe/:id`, 'recipe', 'recipeUpdate', 'edit'), load: () => import('@/features/recipes/screens/edit-screen') },
  { ...r(`${RM}/recipes/view/:id`, 'recipe', 'recipes', 'view'), load: () => import('@/features/recipes/screens/view-screen') },
  { ...r(`${RM}/recipes/view/:id/:versionId`, 'recipe', 'recipes', 'version'), load: () => import('@/features/recipes/screens/view-screen') },
  { ...r(`${RM}/recipes/:id/saveAs`, 'recipe', 'recipeCreate', 'saveAs'), load: () => import('@/features/recipes/screens/save-as-screen') },
  { ...r(PS, 'productionSchedule', 'scheduling'), load: () => import('@/features/schedules/screens/list-screen') },
  { ...r(`${PS}/new`, 'productionSchedule', 'scheduleCreate', 'new'), load: () => import('@/features/schedules/screens/new-screen') },
  { ...r(`${PS}/edit/:id`, 'productionSchedule', 'scheduleUpdate', 'edit'), load: () => import('@/features/schedules/screens/edit-screen') },
  { ...r(`${PS}/view/:id`, 'productionSchedule', 'scheduling', 'view'), load: () => import('@/features/schedules/screens/view-screen') },
  { ...r(`${REP}/consumption/bymaterial/:lineid/:id/:fromdatetime/:todatetime`, 'consumptionByMaterial', 'reports'), load: REPORTS.byMaterial },
  { ...r(`${REP}/consumption/bymaterials/:lineid/:materialcategoryid/:fromdatetime/:todatetime`, 'consumptionByMaterials', 'reports'), load: REPORTS.byMaterials },
  { ...r(`${REP}/consumption/bymaterials`, 'consumptionByMaterials', 'reports'), load: REPORTS.byMaterials },
  { ...r(`${REP}/consumption/bymaterialcategory`, 'consumptionByMaterialCategory', 'reports'), load: () => import('@/features/reports/screens/consumption-by-material-category-screen') },
  { ...r(`${REP}/consumption/bymaterial`, 'consumptionByMaterial', 'reports'), load: REPORTS.byMaterial },
  { ...r(`${REP}/consumption/bybatches`, 'consumptionByBatches', 'reports'), load: () => import('@/features/reports/screens/consumption-by-batches-screen') },
  { ...r(`${REP}/consumption/consumptionstatistics`, 'consumptionStatistics', 'reports'), load: () => import('@/features/reports/screens/consumption-statistics-screen') },
  { ...r(`${REP}/production/byrecipe`, 'productionByRecipe', 'reports'), load: () => import('@/features/reports/screens/production-by-recipe-screen') },
  { ...r(`${REP}/production/bytime`, 'productionByTime', 'reports'), load: () => import('@/features/reports/screens/production-by-time-screen') },
  { ...r(`${REP}/production/linedetails`, 'lineDetails', 'reports'), load: () => import('@/features/reports/screens/line-details-screen') },
  { ...r(`${REP}/batch/batchsummary`, 'batchSummary', 'reports'), load: () => import('@/features/reports/screens/batch-summary-screen') },
  { ...r(`${REP}/batch/spcbatchgraph`, 'spcBatchGraph', 'reports'), load: () => import('@/features/reports/screens/spc-batch-screen') },
  { ...r(`${REP}/batch/statistics`, 'batchStatistics', 'reports'), load: () => import('@/features/reports/screens/batch-statistics-screen') },
  { ...r(`${REP}/batch/batchdetails/:id`, 'batchDetails', 'reports'), load: () => import('@/features/reports/screens/batch-details-screen') },
  { ...r(`${REP}/batch/batchsummary/:id/alarms`, 'batchSummary', 'reports', 'alarms'), load: () => import('@/features/reports/screens/batch-alarms-screen') },
  { ...r(`${REP}/pcs/report/alarms`, 'pcsReport', 'reports', 'alarms'), load: () => import('@/features/reports/screens/alarm-list-screen') },
  // The live feature's screen with the alarm feature's table (composed in app/).
  { ...r(`${REP}/diagnostics/realtime`, 'diagnosticsRealtime', 'reports'), load: () => import('./realtime-diagnostics-screen') },
  { ...r(`${REP}/diagnostics/outofspec`, 'diagnosticsOutOfSpec', 'reports'), load: () => import('@/features/reports/screens/out-of-spec-screen') },
  { ...r(`${REP}/diagnostics/compare`, 'diagnosticsCompare', 'reports'), load: () => import('@/features/reports/screens/compare-screen') },
  { ...r(`${REP}/diagnostics/view`, 'diagnosticsView', 'reports'), load: () => import('@/features/reports/screens/batch-view-screen') },
  { ...r(`${REP}/diagnostics/downstream`, 'diagnosticsDownstream', 'reports'), load: () => import('@/features/reports/screens/downstream-screen') },
  {
    ...r(`${REP}/diagnostics/specificview/:lineId/:recipeId/:batchId/:productionScheduleId/:fromDate/:toDate`, 'diagnosticsSpecificView', 'reports'),
    load: () => import('@/features/reports/screens/specific-view-screen'),
  },
  { ...r(`${REP}/pcs/report`, 'pcsReport', 'reports'), load: () => import('@/features/reports/screens/pcs-report-screen') },
  { ...r(`${REP}/pcs/pressure`, 'pcsPressure', 'reports'), load: () => import('@/features/reports/screens/pcs-pressure-screen') },
  { ...r(`${REP}/others/binHistory`, 'binHistory', 'reports'), load: () => import('@/features/reports/screens/bin-history-screen') },
  { ...r(`${REP}/others/calibrationReport`, 'calibrationReport', 'reports'), load: () => import('@/features/reports/screens/calibration-report-screen') },
  { ...r(`${REP}/others/stoptimereport`, 'stopTimeReport', 'reports'), load: () => import('@/features/reports/screens/stop-time-report-screen') },
  { ...r(`${REP}/others/alarmperformance`, 'alarmPerformance', 'reports'), load: () => import('@/features/reports/screens/alarm-performance-screen') },
  { ...r(`${REP}/others/oee`, 'oee', 'reports'), load: () => import('@/features/reports/screens/oee-screen') },
  // Scheduled reports (issue 35, item 3): saved from a report's "Deliver this…", for any report reader.
  { ...r('/reports/subscriptions', 'reportSubscriptions', 'reports'), load: () => import('@/features/reports/screens/subscriptions-screen') },
  { ...r('/reports/subscriptions/:id', 'reportSubscription', 'reports', 'view'), load: () => import('@/features/reports/screens/subscription-screen') },
  { ...r('/users', 'users', 'admins'), load: () => import('@/features/users/components/users-page') },
  { ...r('/users/createuser', 'user', 'admins', 'new'), load: () => import('@/features/users/components/create-user-page') },
  { ...r('/users/edituser/:userId', 'user', 'admins', 'edit'), load: () => import('@/features/users/components/edit-user-page') },
  { ...r('/audit', 'audit', 'audit'), load: () => import('@/features/audit/screens/audit-screen') },
  { ...r('/audit/:id', 'audit', 'audit', 'view'), load: () => import('@/features/audit/screens/audit-entry-screen') },
  { ...r('/copyparameter/:type', 'copyParameter', 'admins'), load: () => import('@/features/importing/screens/copy-screen') },
  { ...r('/import/:type', 'import', 'admins'), load: () => import('@/features/importing/screens/import-screen') },
  { ...r('/consumption/consumptionstatistics/spcgraph', 'spcGraph', 'admins'), load: () => import('@/features/reports/screens/spc-consumption-screen') },
];

/** Group paths that have no screen: breadcrumb labels only (§2). */
export const groupLabels: Record<string, string> = {
  '/configurator': 'web.group.configurator',
  '/configurator/dosingandfeeding': 'web.group.dosingAndFeeding',
  '/configurator/mixermode': 'web.group.mixerMode',
  '/configurator/additionalparameters': 'web.group.additionalParameters',
  '/configurator/stoptime': 'web.group.stopTime',
  '/recipemanagement': 'web.group.recipeManagement',
  '/scheduling': 'web.group.scheduling',
  '/traceability': 'web.group.traceability',
  '/reporting': 'web.group.reporting',
  '/reporting/consumption': 'web.group.consumption',
  '/reporting/production': 'web.group.production',
  '/reporting/batch': 'web.group.batch',
  '/reporting/diagnostics': 'web.group.diagnostics',
  '/reporting/pcs': 'web.group.pcs',
  '/reporting/others': 'web.group.others',
  '/reports': 'web.group.reporting',
  '/consumption': 'web.group.consumption',
  '/consumption/consumptionstatistics': 'web.screen.consumptionStatistics',
  '/copyparameter': 'web.screen.copyParameter',
  '/import': 'web.screen.import',
};

/** Finds the entry of a path pattern (exact). */
export function routeFor(path: string): AppRoute | undefined {
  return appRoutes.find((route) => route.path.toLowerCase() === path.toLowerCase());
}

/** Gives a route its screen; later issues use this (or edit the entry) to replace a placeholder. */
export function replaceScreen(path: string, load: () => Promise<ScreenModule>): void {
  const route = routeFor(path);
  if (!route) throw new Error(`no route ${path}`);
  route.load = load;
}
