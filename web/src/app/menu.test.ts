import { describe, expect, it } from 'vitest';
import { PRIVILEGE_ACTIONS, PRIVILEGE_GROUPS, PRIVILEGES } from '@/lib/access';
import { buildMenu, MENU, menuPaths } from './menu';

const top = (nodes: ReturnType<typeof buildMenu>) => nodes.map((n) => n.label);
const all = menuPaths(MENU);

describe('side menu per role (§6)', () => {
  it('_SUPER sees the full menu, with iRam, stop time reasons, signature meanings and user management', () => {
    const paths = menuPaths(buildMenu('_SUPER'));
    expect(paths).toEqual(all);
    expect(paths).toContain('/configurator/mixermode/iram');
    expect(paths).toContain('/configurator/signaturemeanings');
    expect(paths).toContain('/configurator/stoptime/stoptimereasons');
    expect(paths).toContain('/users');
  });

  it('ADMIN sees the same except that stop time shows only the group entry', () => {
    const paths = menuPaths(buildMenu('ADMIN'));
    expect(paths).toEqual(all.filter((p) => p !== '/configurator/stoptime/stoptimereasons'));
    expect(paths).toContain('/configurator/stoptime/stoptimegroup');
    expect(paths).toContain('/configurator/signaturemeanings');
    expect(paths).toContain('/users');
  });

  it('a PRIVILEGE user without privileges sees only the dashboard', () => {
    expect(menuPaths(buildMenu('PRIVILEGE', []))).toEqual(['/dashboard']);
  });

  const sections: Record<string, string[]> = {
    _LINE_: ['web.group.configurator'],
    CONFIGURATOR_: ['web.group.configurator'],
    RECIPE_: ['web.group.recipeManagement'],
    SCHEDULE_: ['web.group.scheduling'],
    REPORTS_: ['web.group.reporting'],
    CONNECTION_: ['web.group.configurator'],
    LOT_: ['web.group.traceability'],
    ALARM_: ['web.screen.alarms'],
    SHIFTLOG_: ['web.screen.shiftLog'],
    AUDIT_: ['web.screen.audit'],
  };

  for (const group of PRIVILEGE_GROUPS) {
    for (const action of PRIVILEGE_ACTIONS.filter((a) => PRIVILEGES.includes(`${group}${a}`))) {
      it(`PRIVILEGE with ${group}${action} sees Dashboard and ${sections[group].join(", ")} only`, () => {
        const menu = buildMenu('PRIVILEGE', [`${group}${action}`]);
        expect(top(menu)).toEqual(['web.screen.dashboard', ...sections[group]]);
        const paths = menuPaths(menu);
        expect(paths).not.toContain('/users');
        expect(paths).not.toContain('/configurator/mixermode/iram');
        expect(paths).not.toContain('/configurator/signaturemeanings');
        expect(paths).not.toContain('/configurator/stoptime/stoptimegroup');
        expect(paths).not.toContain('/configurator/stoptime/stoptimereasons');
      });
    }
  }

  it('PRIVILEGE with every group sees every section except user management', () => {
    const menu = buildMenu('PRIVILEGE', PRIVILEGE_GROUPS.map((g) => `${g}READ`));
    expect(top(menu)).toEqual([
      'web.screen.dashboard',
      'web.screen.alarms',
      'web.screen.shiftLog',
      'web.group.configurator',
      'web.group.recipeManagement',
      'web.group.scheduling',
      'web.group.traceability',
      'web.group.reporting',
      'web.screen.audit',
    ]);
  });

  it('the audit trail is the last top-level entry, after user management, for ADMIN, _SUPER and AUDIT_READ only', () => {
    expect(MENU.at(-1)).toEqual({ label: 'web.screen.audit', path: '/audit' });
    expect(top(buildMenu('ADMIN')).slice(-2)).toEqual(['web.group.userManagement', 'web.screen.audit']);
    expect(menuPaths(buildMenu('_SUPER')).at(-1)).toBe('/audit');
    expect(menuPaths(buildMenu('PRIVILEGE', ['AUDIT_READ']))).toEqual(['/dashboard', '/audit']);
    expect(menuPaths(buildMenu('PRIVILEGE', PRIVILEGE_GROUPS.filter((g) => g !== 'AUDIT_').map((g) => `${g}READ`)))).not.toContain('/audit');
  });

  it('traceability lists lots, deliveries and recall before suppliers and customers, for any lot privilege', () => {
    const order = ['/traceability/lots', '/traceability/deliveries', '/traceability/recall', '/traceability/suppliers', '/traceability/customers'];
    for (const held of ['LOT_READ', 'LOT_CREATE', 'LOT_UPDATE', 'LOT_DELETE']) {
      const menu = buildMenu('PRIVILEGE', [held]);
      const group = menu.find((n) => n.label === 'web.group.traceability');
      expect(menuPaths(group?.children ?? []), held).toEqual(order);
    }
    expect(menuPaths(buildMenu('ADMIN')).filter((p) => p.startsWith('/traceability'))).toEqual(order);
    // A report reader may read a batch's lots on its record, but has no traceability menu.
    expect(menuPaths(buildMenu('PRIVILEGE', ['REPORTS_READ'])).some((p) => p.startsWith('/traceability'))).toBe(false);
  });

  it('the alarm console is a top-level entry right after the dashboard, for either alarm privilege only', () => {
    expect(MENU[1]).toEqual({ label: 'web.screen.alarms', path: '/alarms' });
    for (const held of ['ALARM_READ', 'ALARM_UPDATE']) expect(menuPaths(buildMenu('PRIVILEGE', [held])), held).toEqual(['/dashboard', '/alarms']);
    expect(menuPaths(buildMenu('PRIVILEGE', ['REPORTS_READ']))).not.toContain('/alarms');
    expect(menuPaths(buildMenu('ADMIN')).slice(0, 2)).toEqual(['/dashboard', '/alarms']);
  });

  it('the shift log is a top-level entry right after the alarms, for either shift log privilege only', () => {
    expect(MENU[2]).toEqual({ label: 'web.screen.shiftLog', path: '/shiftlog' });
    for (const held of ['SHIFTLOG_READ', 'SHIFTLOG_UPDATE']) expect(menuPaths(buildMenu('PRIVILEGE', [held])), held).toEqual(['/dashboard', '/shiftlog']);
    expect(menuPaths(buildMenu('PRIVILEGE', ['ALARM_READ', 'REPORTS_READ']))).not.toContain('/shiftlog');
    expect(menuPaths(buildMenu('ADMIN')).slice(0, 3)).toEqual(['/dashboard', '/alarms', '/shiftlog']);
  });

  it('the other reports end with the stop-time report, the alarm performance and OEE, for any report privilege', () => {
    const others = (menu: ReturnType<typeof buildMenu>) => menu.find((n) => n.label === 'web.group.reporting')?.children?.find((n) => n.label === 'web.group.others')?.children ?? [];
    const order = ['/reporting/others/binHistory', '/reporting/others/calibrationReport', '/reporting/others/stoptimereport', '/reporting/others/alarmperformance', '/reporting/others/oee'];
    expect(menuPaths(others(MENU))).toEqual(order);
    expect(others(MENU).map((n) => n.label).slice(-2)).toEqual(['web.screen.alarmPerformance', 'web.screen.oee']);
    for (const held of ['REPORTS_READ', 'REPORTS_UPDATE']) expect(menuPaths(others(buildMenu('PRIVILEGE', [held]))), held).toEqual(order);
    expect(menuPaths(buildMenu('PRIVILEGE', ['ALARM_READ']))).not.toContain('/reporting/others/alarmperformance');
    expect(menuPaths(buildMenu('PRIVILEGE', ['CONFIGURATOR_READ']))).not.toContain('/reporting/others/oee');
  });

  it('lists the ideal rates in the configurator right after the stop time, for any configurator privilege', () => {
    const configurator = (menu: ReturnType<typeof buildMenu>) => menu.find((n) => n.label === 'web.group.configurator')?.children ?? [];
    const labels = configurator(MENU).map((n) => n.label);
    expect(labels.slice(labels.indexOf('web.group.stopTime'), labels.indexOf('web.group.stopTime') + 2)).toEqual(['web.group.stopTime', 'web.screen.idealRate']);
    expect(configurator(MENU).find((n) => n.label === 'web.screen.idealRate')?.path).toBe('/configurator/idealrates');
    for (const held of ['CONFIGURATOR_READ', 'CONFIGURATOR_CREATE']) expect(menuPaths(buildMenu('PRIVILEGE', [held])), held).toContain('/configurator/idealrates');
    expect(menuPaths(buildMenu('ADMIN'))).toContain('/configurator/idealrates');
    expect(menuPaths(buildMenu('PRIVILEGE', ['REPORTS_READ']))).not.toContain('/configurator/idealrates');
  });

  it('a configurator privilege shows the configuration lists', () => {
    const paths = menuPaths(buildMenu('PRIVILEGE', ['CONFIGURATOR_READ']));
    expect(paths).toContain('/configurator/line');
    expect(paths).toContain('/configurator/dosingandfeeding/scales');
    expect(paths).toContain('/configurator/additionalparameters/reportparameters');
  });
});
