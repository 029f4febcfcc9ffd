/**
 * The report screens' addresses (§2), and the drill-downs between them: a category's materials
 * (`/bymaterials/:lineid/:materialcategoryid/:fromdatetime/:todatetime`) and one material over
 * time (`/bymaterial/:lineid/:id/:fromdatetime/:todatetime`). The other filters ride along.
 */
import { query } from '@/lib/query-string';
import { ALL_LINES, PARAM, type Values } from './filters';

const BASE = '/reporting/consumption';

const seg = (v: string) => encodeURIComponent(v);

/** The shift, recipe and order filters, kept across a drill-down. */
const carried = (values: Values) =>
  query({ [PARAM.shift]: values[PARAM.shift], [PARAM.recipe]: values[PARAM.recipe], [PARAM.order]: values[PARAM.order] });

const drill = (screen: string, id: string, values: Values) =>
  `${BASE}/${screen}/${seg(values[PARAM.line] || ALL_LINES)}/${seg(id)}/${seg(values[PARAM.from])}/${seg(values[PARAM.to])}${carried(values)}`;

export const reportPaths = {
  materials: `${BASE}/bymaterials`,
  /** The materials of a category (its `_id` on a line). */
  categoryMaterials: (categoryId: string, values: Values) => drill('bymaterials', categoryId, values),
  /** One material (its code) over time. */
  material: (materialId: string, values: Values) => drill('bymaterial', materialId, values),
};

const SUBSCRIPTIONS = '/reports/subscriptions';

/** The scheduled reports' screens (issue 35, item 3): the list and one subscription with its deliveries. */
export const subscriptionPaths = {
  list: SUBSCRIPTIONS,
  one: (id: string) => `${SUBSCRIPTIONS}/${seg(id)}`,
};
