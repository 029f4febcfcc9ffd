import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '@/app/route-table';

/** The route the app's router picks for a path (react-router matches case-insensitively by default). */
function routeAt(path: string) {
  const matched = matchRoutes(appRoutes.map((r) => ({ path: r.path })), path)?.at(-1)?.route.path;
  return appRoutes.find((r) => r.path === matched);
}

describe('the other reports’ routes', () => {
  it('open their screens whatever the capitalisation the menu or a link uses', async () => {
    const screens = {
      '/reporting/others/binHistory': 'BinHistoryScreen',
      '/reporting/others/calibrationReport': 'CalibrationReportScreen',
      '/reporting/others/stoptimereport': 'StopTimeReportScreen',
      '/reporting/others/alarmperformance': 'AlarmPerformanceScreen',
      '/reporting/others/oee': 'OeeScreen',
    };
    for (const [path, name] of Object.entries(screens)) {
      for (const spelled of [path, path.toLowerCase(), path.replace('others', 'Others'), path.replace(/\/(\w)(\w*)$/, (_m, a: string, b: string) => `/${a.toUpperCase()}${b}`)]) {
        const route = routeAt(spelled);
        expect(route?.path, spelled).toBe(path);
      }
      const mod = await routeAt(path)!.load!();
      expect(mod.default.name).toBe(name);
    }
    expect(routeAt('/reporting/others/BinHistory')?.path).toBe('/reporting/others/binHistory');
    expect(routeAt('/reporting/Others/binHistory')?.path).toBe('/reporting/others/binHistory');
  });
});
