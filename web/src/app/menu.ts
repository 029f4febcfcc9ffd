/**
 * The side navigation of §6, derived from the route table: a leaf shows when its route's rule
 * (the server's rule of that name, access.json) lets the user in, a group when any of its
 * leaves shows. So the menu, the guards and the api agree.
 */
import { allows, type Role } from '@/lib/access';
import { routeFor, ruleOf } from './route-table';

export interface MenuNode {
  /** Message id of the label. */
  label: string;
  path?: string;
  children?: MenuNode[];
}

const leaf = (label: string, path: string): MenuNode => ({ label: `web.screen.${label}`, path });
const group = (label: string, children: MenuNode[]): MenuNode => ({ label: `web.group.${label}`, children });

/** The whole menu, as `_SUPER` sees it. */
export const MENU: MenuNode[] = [
  leaf('dashboard', '/dashboard'),
  leaf('alarms', '/alarms'),
  leaf('shiftLog', '/shiftlog'),
  group('configurator', [
    leaf('line', '/configurator/line'),
    leaf('shift', '/configurator/shift'),
    leaf('materialCategory', '/configurator/materialcategories'),
    group('dosingAndFeeding', [
      leaf('scale', '/configurator/dosingandfeeding/scales'),
      leaf('bin', '/configurator/dosingandfeeding/bins'),
      leaf('dosingPoint', '/configurator/dosingandfeeding/dosingpoints'),
      leaf('feedingPoint', '/configurator/dosingandfeeding/feedingpoints'),
    ]),
    group('mixerMode', [
      leaf('actionParameter', '/configurator/mixermode/actionparameter'),
      leaf('modeParameter', '/configurator/mixermode/modeparameter'),
      leaf('mixingAction', '/configurator/mixermode/mixingaction'),
      leaf('mixingMode', '/configurator/mixermode/mixingmode'),
      leaf('iram', '/configurator/mixermode/iram'),
    ]),
    group('additionalParameters', [
      leaf('miscellaneousParameter', '/configurator/additionalparameters/miscellaneousparameters'),
      leaf('engineeringParameter', '/configurator/additionalparameters/engineeringparameters'),
      leaf('reportParameter', '/configurator/additionalparameters/reportparameters'),
    ]),
    group('stopTime', [
      leaf('stopTimeGroup', '/configurator/stoptime/stoptimegroup'),
      leaf('stopTimeReason', '/configurator/stoptime/stoptimereasons'),
    ]),
    // The engineering data OEE rates the output with, beside the stop reasons it counts.
    leaf('idealRate', '/configurator/idealrates'),
    leaf('connections', '/configurator/connections'),
    // What an electronic signature may mean, beyond Reviewed and Approved (issue 35): administrators only.
    leaf('signatureMeaning', '/configurator/signaturemeanings'),
  ]),
  group('recipeManagement', [
    leaf('materialDirectory', '/recipemanagement/materialdirectory'),
    leaf('binAssignment', '/recipemanagement/binassignment'),
    leaf('recipe', '/recipemanagement/recipes'),
  ]),
  group('scheduling', [leaf('productionSchedule', '/scheduling/productionschedules')]),
  group('traceability', [
    leaf('lots', '/traceability/lots'),
    leaf('deliveries', '/traceability/deliveries'),
    leaf('recall', '/traceability/recall'),
    leaf('supplier', '/traceability/suppliers'),
    leaf('customer', '/traceability/customers'),
  ]),
  group('reporting', [
    group('consumption', [
      leaf('consumptionByMaterials', '/reporting/consumption/bymaterials'),
      leaf('consumptionByMaterialCategory', '/reporting/consumption/bymaterialcategory'),
      leaf('consumptionByMaterial', '/reporting/consumption/bymaterial'),
      leaf('consumptionByBatches', '/reporting/consumption/bybatches'),
      leaf('consumptionStatistics', '/reporting/consumption/consumptionstatistics'),
    ]),
    group('production', [
      leaf('productionByRecipe', '/reporting/production/byrecipe'),
      leaf('productionByTime', '/reporting/production/bytime'),
      leaf('lineDetails', '/reporting/production/linedetails'),
    ]),
    group('batch', [
      leaf('batchSummary', '/reporting/batch/batchsummary'),
      leaf('spcBatchGraph', '/reporting/batch/spcbatchgraph'),
      leaf('batchStatistics', '/reporting/batch/statistics'),
    ]),
    group('diagnostics', [
      leaf('diagnosticsRealtime', '/reporting/diagnostics/realtime'),
      leaf('diagnosticsOutOfSpec', '/reporting/diagnostics/outofspec'),
      leaf('diagnosticsCompare', '/reporting/diagnostics/compare'),
      leaf('diagnosticsView', '/reporting/diagnostics/view'),
      leaf('diagnosticsDownstream', '/reporting/diagnostics/downstream'),
    ]),
    group('pcs', [
      leaf('pcsReport', '/reporting/pcs/report'),
      leaf('pcsPressure', '/reporting/pcs/pressure'),
    ]),
    group('others', [
      leaf('binHistory', '/reporting/others/binHistory'),
      leaf('calibrationReport', '/reporting/others/calibrationReport'),
      leaf('stopTimeReport', '/reporting/others/stoptimereport'),
      leaf('alarmPerformance', '/reporting/others/alarmperformance'),
      leaf('oee', '/reporting/others/oee'),
    ]),
    // Reports delivered on a schedule, saved from a report's "Deliver this…" (issue 35, item 3).
    leaf('reportSubscriptions', '/reports/subscriptions'),
  ]),
  group('userManagement', [leaf('users', '/users')]),
  // Who changed what, for administrators and auditors (AUDIT_READ): last, beside user management.
  leaf('audit', '/audit'),
];

function prune(nodes: MenuNode[], role: Role | null, privileges: readonly string[]): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    if (node.children) {
      const children = prune(node.children, role, privileges);
      if (children.length) out.push({ ...node, children });
    } else if (node.path) {
      const route = routeFor(node.path);
      if (route && allows(ruleOf(route), role, privileges)) out.push(node);
    }
  }
  return out;
}

/** The menu for a role and its privileges. */
export function buildMenu(role: Role | null, privileges: readonly string[] = [], menu: MenuNode[] = MENU): MenuNode[] {
  return prune(menu, role, privileges);
}

/** Every path of a menu, depth first (tests and the e2e compare these). */
export function menuPaths(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.children ? menuPaths(n.children) : n.path ? [n.path] : []));
}
