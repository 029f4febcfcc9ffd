import { describe, expect, it } from 'vitest';
import { allows, RULES } from '@/lib/access';
import { crumbsFor } from './layout/breadcrumbs';
import { appRoutes, routeFor, ruleOf } from './route-table';

const rule = (path: string) => {
  const r = routeFor(path);
  if (!r) throw new Error(`missing ${path}`);
  return ruleOf(r);
};

describe('route table (§2, §6)', () => {
  it('has every authenticated route of §2 once', () => {
    const paths = appRoutes.map((r) => r.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      '/dashboard',
      '/configurator/line/new',
      '/configurator/line/view/:id',
      '/configurator/shift/edit',
      '/configurator/materialcategories/editmaterialcategory/:id',
      '/configurator/dosingandfeeding/feedingpoints/view/:id',
      '/configurator/mixermode/iram/edit/:id',
      '/configurator/additionalparameters/reportparameters/new',
      '/configurator/stoptime/stoptimereasons/add',
      '/recipemanagement/recipes/view/:id/:versionId',
      '/recipemanagement/recipes/:id/saveAs',
      '/scheduling/productionschedules/edit/:id',
      '/reporting/consumption/bymaterial/:lineid/:id/:fromdatetime/:todatetime',
      '/reporting/batch/batchsummary/:id/alarms',
      '/reporting/pcs/report/alarms',
      '/reporting/diagnostics/specificview/:lineId/:recipeId/:batchId/:productionScheduleId/:fromDate/:toDate',
      '/reporting/others/binHistory',
      '/reporting/others/alarmperformance',
      '/reporting/others/oee',
      '/configurator/idealrates',
      '/configurator/idealrates/new',
      '/configurator/idealrates/edit/:id',
      '/configurator/idealrates/view/:id',
      '/users/edituser/:userId',
      '/copyparameter/:type',
      '/import/:type',
      '/consumption/consumptionstatistics/spcgraph',
      '/audit',
      '/audit/:id',
    ]) {
      expect(routeFor(p), p).toBeDefined();
    }
    expect(appRoutes.length).toBeGreaterThanOrEqual(121);
  });

  it('limits user management, copy, import and the SPC graph to _SUPER and ADMIN', () => {
    for (const p of ['/users', '/users/createuser', '/users/edituser/:userId', '/copyparameter/:type', '/import/:type', '/consumption/consumptionstatistics/spcgraph', '/configurator/stoptime/stoptimegroup']) {
      expect(allows(rule(p), '_SUPER', []), p).toBe(true);
      expect(allows(rule(p), 'ADMIN', []), p).toBe(true);
      expect(allows(rule(p), 'PRIVILEGE', ['_LINE_CREATE', 'CONFIGURATOR_READ', 'REPORTS_READ']), p).toBe(false);
    }
  });

  it('needs _LINE_CREATE for new lines and stop-time groups, _LINE_UPDATE to view or edit them', () => {
    for (const p of ['/configurator/line/new', '/configurator/stoptime/stoptimegroup/new']) {
      expect(allows(rule(p), '_SUPER', [])).toBe(true);
      expect(allows(rule(p), 'PRIVILEGE', ['_LINE_CREATE'])).toBe(true);
      expect(allows(rule(p), 'PRIVILEGE', ['_LINE_UPDATE'])).toBe(false);
    }
    for (const p of ['/configurator/line/edit/:id', '/configurator/line/view/:id', '/configurator/stoptime/stoptimegroup/edit/:id']) {
      expect(allows(rule(p), 'PRIVILEGE', ['_LINE_UPDATE'])).toBe(true);
      expect(allows(rule(p), 'PRIVILEGE', ['_LINE_CREATE'])).toBe(false);
      expect(allows(rule(p), 'ADMIN', [])).toBe(true);
    }
  });

  it('limits the signature meanings to _SUPER and ADMIN, as the server lists and changes them', () => {
    const base = '/configurator/signaturemeanings';
    for (const p of [base, `${base}/new`, `${base}/edit/:id`, `${base}/view/:id`]) {
      expect(rule(p), p).toBe(RULES.admins);
      expect(routeFor(p)?.load, p).toBeTypeOf('function');
      expect(allows(rule(p), 'PRIVILEGE', ['CONFIGURATOR_UPDATE', 'RECIPE_APPROVE']), p).toBe(false);
    }
    expect(crumbsFor(`${base}/edit/M1`).map((c) => c.group ?? c.route?.path)).toEqual(['web.group.configurator', base, `${base}/edit/:id`]);
  });

  it('guards the production schedule screens by the scheduling rules and loads them', () => {
    const base = '/scheduling/productionschedules';
    expect(rule(base)).toBe(RULES.scheduling);
    expect(rule(`${base}/new`)).toBe(RULES.scheduleCreate);
    expect(rule(`${base}/edit/:id`)).toBe(RULES.scheduleUpdate);
    expect(rule(`${base}/view/:id`)).toBe(RULES.scheduling);
    for (const p of [base, `${base}/new`, `${base}/edit/:id`, `${base}/view/:id`]) expect(routeFor(p)?.load, p).toBeTypeOf('function');
    expect(allows(rule(`${base}/new`), 'PRIVILEGE', ['SCHEDULE_READ'])).toBe(false);
    expect(allows(rule(`${base}/new`), 'PRIVILEGE', ['SCHEDULE_CREATE'])).toBe(true);
    expect(allows(rule(`${base}/edit/:id`), 'PRIVILEGE', ['SCHEDULE_CREATE'])).toBe(false);
    expect(allows(rule(base), 'PRIVILEGE', ['SCHEDULE_READ'])).toBe(true);
  });

  it('guards the traceability screens by the lot rules and loads them', () => {
    const T = '/traceability';
    const reads = [`${T}/lots`, `${T}/lots/view/:id`, `${T}/recall`, `${T}/deliveries`, `${T}/deliveries/view/:id`];
    for (const p of reads) expect(rule(p), p).toBe(RULES.lots);
    expect(rule(`${T}/lots/new`)).toBe(RULES.lotCreate);
    expect(rule(`${T}/deliveries/new`)).toBe(RULES.lotCreate);
    expect(rule(`${T}/lots/edit/:id`)).toBe(RULES.lotUpdate);
    expect(rule(`${T}/deliveries/edit/:id`)).toBe(RULES.lotUpdate);
    expect(rule(`${T}/batch/:lineId/:batchId`)).toBe(RULES.batchLots);
    const all = [...reads, `${T}/lots/new`, `${T}/lots/edit/:id`, `${T}/deliveries/new`, `${T}/deliveries/edit/:id`, `${T}/batch/:lineId/:batchId`];
    for (const p of all) expect(routeFor(p)?.load, p).toBeTypeOf('function');
    expect(allows(rule(`${T}/lots`), 'PRIVILEGE', ['LOT_READ'])).toBe(true);
    expect(allows(rule(`${T}/lots/new`), 'PRIVILEGE', ['LOT_READ'])).toBe(false);
    expect(allows(rule(`${T}/lots/new`), 'PRIVILEGE', ['LOT_CREATE'])).toBe(true);
    expect(allows(rule(`${T}/lots/edit/:id`), 'PRIVILEGE', ['LOT_CREATE'])).toBe(false);
    // A report reader opens a batch's trace (from its record), not the lots.
    expect(allows(rule(`${T}/batch/:lineId/:batchId`), 'PRIVILEGE', ['REPORTS_READ'])).toBe(true);
    expect(allows(rule(`${T}/lots`), 'PRIVILEGE', ['REPORTS_READ'])).toBe(false);
    expect(crumbsFor('/traceability/lots/view/42').map((c) => c.group ?? c.route?.path)).toEqual(['web.group.traceability', '/traceability/lots', '/traceability/lots/view/:id']);
  });

  it('guards the alarm console by the alarm rules: any alarm privilege opens it, of every line or of one', () => {
    for (const p of ['/alarms', '/alarms/:lineId']) {
      expect(rule(p), p).toBe(RULES.alarms);
      expect(routeFor(p)?.load, p).toBeTypeOf('function');
      expect(allows(rule(p), 'PRIVILEGE', ['ALARM_READ']), p).toBe(true);
      expect(allows(rule(p), 'PRIVILEGE', ['ALARM_UPDATE']), p).toBe(true);
      expect(allows(rule(p), 'PRIVILEGE', ['REPORTS_READ']), p).toBe(false);
      expect(allows(rule(p), 'ADMIN', []), p).toBe(true);
    }
    expect(crumbsFor('/alarms/L1').map((c) => c.route?.path)).toEqual(['/alarms', '/alarms/:lineId']);
  });

  it('guards the alarm performance report as the other reports: a report privilege opens it, an alarm privilege does not', () => {
    const p = '/reporting/others/alarmperformance';
    expect(rule(p)).toBe(RULES.reports);
    expect(routeFor(p)?.load).toBeTypeOf('function');
    expect(allows(rule(p), 'PRIVILEGE', ['REPORTS_READ'])).toBe(true);
    expect(allows(rule(p), 'PRIVILEGE', ['ALARM_READ'])).toBe(false);
    expect(crumbsFor(p).map((c) => c.group ?? c.route?.path)).toEqual(['web.group.reporting', 'web.group.others', p]);
  });

  it('guards the OEE report as the other reports, and its ideal rates as the configuration', () => {
    const p = '/reporting/others/oee';
    expect(rule(p)).toBe(RULES.reports);
    expect(routeFor(p)?.load).toBeTypeOf('function');
    expect(allows(rule(p), 'PRIVILEGE', ['REPORTS_READ'])).toBe(true);
    expect(allows(rule(p), 'PRIVILEGE', ['CONFIGURATOR_READ'])).toBe(false);
    expect(crumbsFor(p).map((c) => c.group ?? c.route?.path)).toEqual(['web.group.reporting', 'web.group.others', p]);
    const rates = '/configurator/idealrates';
    for (const q of [rates, `${rates}/new`, `${rates}/edit/:id`, `${rates}/view/:id`]) {
      expect(rule(q), q).toBe(RULES.configurator);
      expect(routeFor(q)?.load, q).toBeTypeOf('function');
    }
    expect(allows(rule(rates), 'PRIVILEGE', ['CONFIGURATOR_READ'])).toBe(true);
    expect(allows(rule(rates), 'PRIVILEGE', ['REPORTS_READ'])).toBe(false);
    expect(crumbsFor(`${rates}/edit/42`).map((c) => c.group ?? c.route?.path)).toEqual(['web.group.configurator', rates, `${rates}/edit/:id`]);
  });

  it('guards the shift log list and entry by any shift log privilege, and loads them', () => {
    for (const p of ['/shiftlog', '/shiftlog/:id']) {
      expect(rule(p), p).toBe(RULES.shiftLogs);
      expect(routeFor(p)?.load, p).toBeTypeOf('function');
      expect(allows(rule(p), 'PRIVILEGE', ['SHIFTLOG_READ']), p).toBe(true);
      expect(allows(rule(p), 'PRIVILEGE', ['REPORTS_READ', 'ALARM_UPDATE']), p).toBe(false);
    }
    expect(crumbsFor('/shiftlog/0193a4b2-7c1e-7d3a-9f00-2b5e8c1d4a10').map((c) => c.route?.path)).toEqual(['/shiftlog', '/shiftlog/:id']);
  });

  it('guards the audit trail and its entries by the audit rule (ADMIN, _SUPER, AUDIT_READ), and loads them', () => {
    for (const p of ['/audit', '/audit/:id']) {
      expect(rule(p), p).toBe(RULES.audit);
      expect(routeFor(p)?.load, p).toBeTypeOf('function');
      expect(allows(rule(p), 'ADMIN', []), p).toBe(true);
      expect(allows(rule(p), '_SUPER', []), p).toBe(true);
      expect(allows(rule(p), 'PRIVILEGE', ['AUDIT_READ']), p).toBe(true);
      expect(allows(rule(p), 'PRIVILEGE', ['REPORTS_READ', 'CONFIGURATOR_UPDATE', 'SHIFTLOG_UPDATE']), p).toBe(false);
    }
    expect(crumbsFor('/audit/4711').map((c) => c.route?.path)).toEqual(['/audit', '/audit/:id']);
  });

  it('lets every role open the dashboard', () => {
    for (const role of ['_SUPER', 'ADMIN', 'PRIVILEGE'] as const) expect(allows(rule('/dashboard'), role, [])).toBe(true);
  });

  it('lazy-loads a screen for every route of the spec: none is a placeholder', () => {
    const placeholders = appRoutes.filter((r) => !r.load).map((r) => r.path);
    expect(placeholders).toEqual([]);
  });
});

describe('breadcrumbs', () => {
  it('uses group labels for paths without a screen and links for routes', () => {
    const crumbs = crumbsFor('/configurator/dosingandfeeding/scales/edit/42');
    expect(crumbs.map((c) => c.group ?? c.route?.path)).toEqual([
      'web.group.configurator',
      'web.group.dosingAndFeeding',
      '/configurator/dosingandfeeding/scales',
      '/configurator/dosingandfeeding/scales/edit/:id',
    ]);
  });
  it('matches paths case-insensitively', () => {
    expect(crumbsFor('/Reporting/Others/BinHistory').at(-1)?.route?.path).toBe('/reporting/others/binHistory');
  });
});
