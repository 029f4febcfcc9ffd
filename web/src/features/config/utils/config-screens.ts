/**
 * Route base path → entity (§2): the one table that spells the configuration routes (the route
 * table builds them from it) and ties them to the descriptors. Sub-paths follow §2's spelling
 * where it differs from `new`, `edit/:id`, `view/:id`.
 */
import { query } from '@/lib/query-string';

export interface ConfigScreen {
  /** The list route, lower case. */
  base: string;
  /** The descriptor key. */
  entity: string;
  /** `web.screen.{screen}`, known before the descriptors load. */
  screen: string;
  /** Sub-path of the new screen. */
  newPath: string;
  /** How the edit screen takes the id: in the path (`edit/:id`, or another segment) or `?id=`. */
  edit: { segment: string; inQuery?: boolean };
  /** Sub-path segment of the view screen; null where §2 has none. */
  view: string | null;
}

const C = '/configurator';
const screen = (base: string, entity: string, name: string, over: Partial<ConfigScreen> = {}): ConfigScreen => ({
  base,
  entity,
  screen: name,
  newPath: 'new',
  edit: { segment: 'edit' },
  view: 'view',
  ...over,
});

export const CONFIG_SCREENS: readonly ConfigScreen[] = [
  screen(`${C}/line`, 'lines', 'line'),
  // §2: the shift routes are add and edit only; edit takes the id in the query string.
  screen(`${C}/shift`, 'shifts', 'shift', { newPath: 'add', edit: { segment: 'edit', inQuery: true }, view: null }),
  screen(`${C}/materialcategories`, 'materialcategories', 'materialCategory', {
    edit: { segment: 'editmaterialcategory' },
    view: 'viewmaterialcategory',
  }),
  screen(`${C}/dosingandfeeding/scales`, 'scales', 'scale'),
  screen(`${C}/dosingandfeeding/bins`, 'bins', 'bin'),
  screen(`${C}/dosingandfeeding/dosingpoints`, 'dosingpoints', 'dosingPoint'),
  screen(`${C}/dosingandfeeding/feedingpoints`, 'feedingpoints', 'feedingPoint'),
  screen(`${C}/mixermode/actionparameter`, 'actionparameters', 'actionParameter'),
  screen(`${C}/mixermode/modeparameter`, 'modeparameters', 'modeParameter'),
  screen(`${C}/mixermode/mixingaction`, 'mixingactions', 'mixingAction'),
  screen(`${C}/mixermode/mixingmode`, 'mixingmodes', 'mixingMode'),
  screen(`${C}/mixermode/iram`, 'irams', 'iram'),
  screen(`${C}/additionalparameters/miscellaneousparameters`, 'miscellaneousparameters', 'miscellaneousParameter'),
  screen(`${C}/additionalparameters/engineeringparameters`, 'engineeringparameters', 'engineeringParameter'),
  screen(`${C}/additionalparameters/reportparameters`, 'reportparameters', 'reportParameter'),
  screen(`${C}/stoptime/stoptimegroup`, 'stoptimereasongroup', 'stopTimeGroup'),
  screen(`${C}/stoptime/stoptimereasons`, 'stopreasons', 'stopTimeReason', { newPath: 'add' }),
  // OEE's ideal rates per line and recipe code (decision 112).
  screen(`${C}/idealrates`, 'idealrates', 'idealRate'),
  screen('/recipemanagement/materialdirectory', 'materialdirectory', 'materialDirectory'),
  screen('/traceability/suppliers', 'suppliers', 'supplier'),
  screen('/traceability/customers', 'customers', 'customer'),
  // The plant's own meanings of electronic signatures (issue 35), installation-wide.
  screen(`${C}/signaturemeanings`, 'signaturemeanings', 'signatureMeaning'),
];

/** The screen whose list route is `pathname` or a prefix of it (longest wins). */
export function screenForPath(pathname: string): ConfigScreen | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return CONFIG_SCREENS.filter((s) => path === s.base || path.startsWith(`${s.base}/`)).sort(
    (a, b) => b.base.length - a.base.length,
  )[0];
}

const withLine = (lineId?: string | null) => query({ lineId });

export const hrefs = {
  list: (s: ConfigScreen, lineId?: string | null) => `${s.base}${withLine(lineId)}`,
  add: (s: ConfigScreen, lineId?: string | null) => `${s.base}/${s.newPath}${withLine(lineId)}`,
  edit: (s: ConfigScreen, id: string) =>
    s.edit.inQuery ? `${s.base}/${s.edit.segment}${query({ id })}` : `${s.base}/${s.edit.segment}/${encodeURIComponent(id)}`,
  view: (s: ConfigScreen, id: string) => (s.view ? `${s.base}/${s.view}/${encodeURIComponent(id)}` : null),
};
