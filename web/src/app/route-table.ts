/**
 * Every authenticated route of §2 in one place, each with its §6 rule and its screen, loaded
 * lazily. An entry without `load` shows the "not available yet" panel; a later screen plugs in
 * by giving its entry a `load` (see `replaceScreen`).
 */
import type { ComponentType } from 'react';
import { CONFIG_SCREENS } from '@/features/config/utils/config-screens';
import { ADMINS, ALL_ROLES, type AccessRule } from '@/lib/access';

export type ScreenModule = { default: ComponentType };

export interface AppRoute {
  /** Absolute path pattern (react-router syntax). */
  path: string;
  /** Title: a template message id and the screen's name id passed to it as `{entity}`. */
  title: { id: string; entity: string };
  rule: AccessRule;
  load?: () => Promise<ScreenModule>;
}

export const ANY: AccessRule = { roles: ALL_ROLES };
export const ADMIN_ONLY: AccessRule = { roles: ADMINS };
const CONFIGURATOR: AccessRule = { roles: ALL_ROLES, privileges: ['_LINE_', 'CONFIGURATOR_'] };
const LINE_CREATE: AccessRule = { roles: ['_SUPER'], privileges: ['_LINE_CREATE'] };
const LINE_UPDATE: AccessRule = { roles: ALL_ROLES, privileges: ['_LINE_UPDATE'] };
const RECIPES: AccessRule = { roles: ALL_ROLES, privileges: ['RECIPE_'] };
const SCHEDULING: AccessRule = { roles: ALL_ROLES, privileges: ['SCHEDULE_'] };
const REPORTS: AccessRule = { roles: ALL_ROLES, privileges: ['REPORTS_'] };
const SUPER_ONLY: AccessRule = { roles: ['_SUPER'] };

type Action = 'list' | 'new' | 'edit' | 'view' | 'version' | 'saveAs' | 'alarms';
const r = (path: string, entity: string, rule: AccessRule, action: Action = 'list'): AppRoute => ({
  path,
  title: { id: `web.action.${action}`, entity: `web.screen.${entity}` },
  rule,
});

/** A list with new/edit/view screens under the usual sub-paths. */
function crud(
  base: string,
  entity: string,
  rule: AccessRule,
  sub: { new?: string; edit?: string; view?: string } = {},
  rules: { new?: AccessRule; edit?: AccessRule; view?: AccessRule; list?: AccessRule } = {},
): AppRoute[] {
  return [
    r(base, entity, rules.list ?? rule),
    r(`${base}/${sub.new ?? 'new'}`, entity, rules.new ?? rule, 'new'),
    r(`${base}/${sub.edit ?? 'edit/:id'}`, entity, rules.edit ?? rule, 'edit'),
    r(`${base}/${sub.view ?? 'view/:id'}`, entity, rules.view ?? rule, 'view'),
  ];
}

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
function config(entity: string, rule: AccessRule, rules: { new?: AccessRule; edit?: AccessRule; view?: AccessRule } = {}): AppRoute[] {
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

const RM = '/recipemanagement';
const REP = '/reporting';

export const appRoutes: AppRoute[] = [
  { ...r('/dashboard', 'dashboard', ANY), load: () => import('@/features/live/dashboard-page') },
  ...config('lines', CONFIGURATOR, { new: LINE_CREATE, edit: LINE_UPDATE, view: LINE_UPDATE }),
  ...config('shifts', CONFIGURATOR),
  ...config('materialcategories', CONFIGURATOR),
  ...config('scales', CONFIGURATOR),
  ...config('bins', CONFIGURATOR),
  ...config('dosingpoints', CONFIGURATOR),
  ...config('feedingpoints', CONFIGURATOR),
  ...config('actionparameters', CONFIGURATOR),
  ...config('modeparameters', CONFIGURATOR),
  ...config('mixingactions', CONFIGURATOR),
  ...config('mixingmodes', CONFIGURATOR),
  ...config('irams', ADMIN_ONLY),
  ...config('miscellaneousparameters', CONFIGURATOR),
  ...config('engineeringparameters', CONFIGURATOR),
  ...config('reportparameters', CONFIGURATOR),
  ...config('stoptimereasongroup', ADMIN_ONLY, { new: LINE_CREATE, edit: LINE_UPDATE, view: LINE_UPDATE }),
  ...config('stopreasons', SUPER_ONLY),
  ...config('materialdirectory', RECIPES),
  {
    ...r(`${RM}/binassignment`, 'binAssignment', RECIPES),
    load: () => import('@/features/config/screens/bin-assignment-screen'),
  },
  r(`${RM}/recipes`, 'recipe', RECIPES),
  r(`${RM}/recipes/addrecipe`, 'recipe', RECIPES, 'new'),
  r(`${RM}/recipes/editrecipe/:id`, 'recipe', RECIPES, 'edit'),
  r(`${RM}/recipes/view/:id`, 'recipe', RECIPES, 'view'),
  r(`${RM}/recipes/view/:id/:versionId`, 'recipe', RECIPES, 'version'),
  r(`${RM}/recipes/:id/saveAs`, 'recipe', RECIPES, 'saveAs'),
  ...crud('/scheduling/productionschedules', 'productionSchedule', SCHEDULING),
  r(`${REP}/consumption/bymaterial/:lineid/:id/:fromdatetime/:todatetime`, 'consumptionByMaterial', REPORTS),
  r(`${REP}/consumption/bymaterials/:lineid/:materialcategoryid/:fromdatetime/:todatetime`, 'consumptionByMaterials', REPORTS),
  r(`${REP}/consumption/bymaterials`, 'consumptionByMaterials', REPORTS),
  r(`${REP}/consumption/bymaterialcategory`, 'consumptionByMaterialCategory', REPORTS),
  r(`${REP}/consumption/bymaterial`, 'consumptionByMaterial', REPORTS),
  r(`${REP}/consumption/bybatches`, 'consumptionByBatches', REPORTS),
  r(`${REP}/consumption/consumptionstatistics`, 'consumptionStatistics', REPORTS),
  r(`${REP}/production/byrecipe`, 'productionByRecipe', REPORTS),
  r(`${REP}/production/bytime`, 'productionByTime', REPORTS),
  r(`${REP}/production/linedetails`, 'lineDetails', REPORTS),
  r(`${REP}/batch/batchsummary`, 'batchSummary', REPORTS),
  r(`${REP}/batch/spcbatchgraph`, 'spcBatchGraph', REPORTS),
  r(`${REP}/batch/statistics`, 'batchStatistics', REPORTS),
  r(`${REP}/batch/batchdetails/:id`, 'batchDetails', REPORTS),
  r(`${REP}/batch/batchsummary/:id/alarms`, 'batchSummary', REPORTS, 'alarms'),
  r(`${REP}/pcs/report/alarms`, 'pcsReport', REPORTS, 'alarms'),
  {
    ...r(`${REP}/diagnostics/realtime`, 'diagnosticsRealtime', REPORTS),
    load: () => import('@/features/live/realtime-diagnostics-page'),
  },
  r(`${REP}/diagnostics/outofspec`, 'diagnosticsOutOfSpec', REPORTS),
  r(`${REP}/diagnostics/compare`, 'diagnosticsCompare', REPORTS),
  r(`${REP}/diagnostics/view`, 'diagnosticsView', REPORTS),
  r(`${REP}/diagnostics/downstream`, 'diagnosticsDownstream', REPORTS),
  r(
    `${REP}/diagnostics/specificview/:lineId/:recipeId/:batchId/:productionScheduleId/:fromDate/:toDate`,
    'diagnosticsSpecificView',
    REPORTS,
  ),
  r(`${REP}/pcs/report`, 'pcsReport', REPORTS),
  r(`${REP}/pcs/pressure`, 'pcsPressure', REPORTS),
  r(`${REP}/others/binHistory`, 'binHistory', REPORTS),
  r(`${REP}/others/calibrationReport`, 'calibrationReport', REPORTS),
  r(`${REP}/others/stoptimereport`, 'stopTimeReport', REPORTS),
  { ...r('/users', 'users', ADMIN_ONLY), load: () => import('@/features/users/components/users-page') },
  { ...r('/users/createuser', 'user', ADMIN_ONLY, 'new'), load: () => import('@/features/users/components/create-user-page') },
  { ...r('/users/edituser/:userId', 'user', ADMIN_ONLY, 'edit'), load: () => import('@/features/users/components/edit-user-page') },
  { ...r('/copyparameter/:type', 'copyParameter', ADMIN_ONLY), load: () => import('@/features/importing/screens/copy-screen') },
  { ...r('/import/:type', 'import', ADMIN_ONLY), load: () => import('@/features/importing/screens/import-screen') },
  r('/consumption/consumptionstatistics/spcgraph', 'spcGraph', ADMIN_ONLY),
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
  '/reporting': 'web.group.reporting',
  '/reporting/consumption': 'web.group.consumption',
  '/reporting/production': 'web.group.production',
  '/reporting/batch': 'web.group.batch',
  '/reporting/diagnostics': 'web.group.diagnostics',
  '/reporting/pcs': 'web.group.pcs',
  '/reporting/others': 'web.group.others',
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
