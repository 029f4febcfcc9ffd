/**
 * The descriptors as the api serves them (mirrors model/src/config/entities.rs), for tests:
 * the screens are built from whatever the api sends, so tests pin them to this shape. Each
 * entity's field names must be properties of its generated record (`RecordOf<key>`): the
 * compiler holds the fixture to the api's document.
 */
import type { EntityDescriptor, Field, Kind, RecordOf } from '../api/config-types';
import type { EntityKey } from '../utils/permissions';

type Extra = Partial<Omit<Field, 'name' | 'kind'>>;
/** A field whose name the compiler knows. */
type Named<N extends string> = Field & { name: N };
const f = <N extends string>(name: N, kind: Kind, extra: Extra = {}): Named<N> => ({
  name,
  kind,
  required: false,
  unique: false,
  list: false,
  filter: false,
  unit: null,
  ...extra,
});
const text = <N extends string>(name: N, max: number, extra?: Extra) => f(name, { type: 'text', max }, extra);
const dec = <N extends string>(name: N, min: number, max: number, extra?: Extra) => f(name, { type: 'decimal', min, max }, extra);
const int = <N extends string>(name: N, min: number, max: number, extra?: Extra) => f(name, { type: 'int', min, max }, extra);
const flag = <N extends string>(name: N, def: boolean, extra?: Extra) => f(name, { type: 'bool', default: def }, extra);
const choice = <N extends string>(name: N, options: string[], extra?: Extra) => f(name, { type: 'choice', options }, extra);
const ref = <N extends string>(name: N, entity: string, extra?: Extra) => f(name, { type: 'ref', entity }, extra);
const refs = <N extends string>(name: N, entity: string, extra?: Extra) => f(name, { type: 'refList', entity }, extra);
const req = { required: true };
const listed = { required: true, list: true };

const NAME = text('name', 80, listed);
const CODE = f('code', { type: 'code' }, { required: true, unique: true, list: true });
const DESCRIPTION = text('description', 500);
const DATA_TYPES = ['INT', 'DECIMAL', 'BOOL', 'TEXT', 'ENUM'];
const TYPED = [
  NAME,
  CODE,
  choice('dataType', DATA_TYPES, listed),
  text('unit', 16, { list: true }),
  dec('min', -1e9, 1e9),
  dec('max', -1e9, 1e9),
  text('default', 80),
  f('options', { type: 'textList', options: [] }),
];

/** As GET /api/config/entities answers them (model::config::Entity::importable / copyable). */
const IMPORTABLE = new Set(['materialcategories', 'scales', 'dosingpoints', 'feedingpoints', 'actionparameters', 'mixingactions', 'modeparameters', 'miscellaneousparameters', 'engineeringparameters', 'reportparameters', 'materialdirectory', 'idealrates']);
const COPYABLE = new Set(['actionparameters', 'modeparameters', 'miscellaneousparameters', 'engineeringparameters', 'reportparameters']);

const entity = <K extends EntityKey>(
  key: K,
  screen: string,
  fields: Array<Named<Extract<keyof RecordOf<K>, string>>>,
  over: Partial<EntityDescriptor> = {},
): EntityDescriptor => ({
  key,
  importable: IMPORTABLE.has(key),
  copyable: COPYABLE.has(key),
  screen,
  scoped: true,
  bulk: null,
  access: 'configurator',
  routes: 'pattern',
  title: 'code',
  fields,
  ...over,
});

export const DESCRIPTORS: EntityDescriptor[] = [
  entity('lines', 'line', [NAME, CODE, DESCRIPTION, flag('active', true, { list: true }), f('timezone', { type: 'timeZone' }, listed), dec('batchSizeKg', 0, 1e6, { unit: 'kg', list: true }), dec('mixerCapacityKg', 0, 1e6, { unit: 'kg' }), dec('nominalBatchTimeS', 0, 86400, { unit: 's' }), flag('twoPersonRule', false)], { scoped: false, access: 'lines' }),
  entity('shifts', 'shift', [text('name', 80, { ...listed, unique: true }), f('startTime', { type: 'time' }, listed), f('endTime', { type: 'time' }, listed), f('days', { type: 'textList', options: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] }, listed), flag('active', true, { list: true })], { routes: 'shifts', title: 'name' }),
  entity('materialcategories', 'materialCategory', [NAME, CODE, DESCRIPTION, refs('allowedScaleIds', 'scales')]),
  entity('scales', 'scale', [NAME, CODE, choice('type', ['MAJOR', 'MINOR', 'MICRO', 'LIQUID', 'HAND_ADD'], { ...listed, filter: true }), dec('capacityKg', 0.001, 1e6, { ...listed, unit: 'kg' }), dec('minWeighKg', 0, 1e6, { unit: 'kg' }), dec('resolutionKg', 0, 1000, { unit: 'kg' }), dec('tolerancePct', 0, 100, { unit: '%' }), dec('settleTimeS', 0, 600, { unit: 's' })]),
  entity('bins', 'bin', [NAME, CODE, ref('scaleId', 'scales', { ...listed, filter: true }), dec('capacityKg', 0.001, 1e6, { ...listed, unit: 'kg' }), dec('minLevelKg', 0, 1e6, { unit: 'kg' }), f('binMaterials', { type: 'items', fields: [ref('materialId', 'materialdirectory', req), int('priority', 1, 99), text('lot', 40)] }, { list: true }), choice('contentModel', ['FIFO', 'MIXED'])]),
  entity('dosingpoints', 'dosingPoint', [NAME, CODE, ref('binId', 'bins', { ...listed, filter: true }), ref('scaleId', 'scales', { ...listed, filter: true }), choice('feederType', ['SCREW', 'SLIDE_GATE', 'VALVE', 'PUMP', 'VIBRATOR'], listed), dec('coarseRateKgS', 0, 1000, { unit: 'kg/s' }), dec('fineRateKgS', 0, 1000, { unit: 'kg/s' }), dec('fineSwitchKg', 0, 1e6, { unit: 'kg' }), dec('inflightKg', 0, 1000, { unit: 'kg' }), flag('adaptiveInflight', true)]),
  entity('feedingpoints', 'feedingPoint', [NAME, CODE, choice('type', ['SCALE_DISCHARGE', 'HAND_ADD', 'LIQUID', 'MANUAL'], listed), ref('scaleId', 'scales', { list: true, filter: true }), int('sequence', 1, 999, { list: true })]),
  entity('actionparameters', 'actionParameter', TYPED, { bulk: 'actionParameters' }),
  entity('mixingactions', 'mixingAction', [NAME, CODE, DESCRIPTION, refs('parameters', 'actionparameters')], { bulk: 'mixingActions' }),
  entity('modeparameters', 'modeParameter', TYPED, { bulk: 'modeParameters' }),
  entity('mixingmodes', 'mixingMode', [NAME, CODE, DESCRIPTION, f('actions', { type: 'items', fields: [ref('mixingActionId', 'mixingactions', req), int('sequence', 1, 999, req)] }, { list: true }), refs('parameters', 'modeparameters')], { bulk: 'mixingModes' }),
  entity('miscellaneousparameters', 'miscellaneousParameter', TYPED, { bulk: 'miscellaneousParameters' }),
  entity('engineeringparameters', 'engineeringParameter', [NAME, CODE, choice('dataType', DATA_TYPES, listed), text('unit', 16, { list: true }), dec('min', -1e9, 1e9), dec('max', -1e9, 1e9), text('value', 80, { list: true })], { bulk: 'engineeringParameters' }),
  entity('reportparameters', 'reportParameter', [NAME, CODE, text('unit', 16, { list: true }), choice('source', ['MIXER', 'DOWNSTREAM', 'PRESSURE'], listed), flag('isDownstream', false, { list: true, filter: true }), dec('lowLimit', -1e9, 1e9), dec('highLimit', -1e9, 1e9)], { bulk: 'reportParameters' }),
  entity('irams', 'iram', [NAME, CODE, flag('enabled', false, { list: true }), f('settings', { type: 'items', fields: [f('key', { type: 'code' }, req), text('value', 200), text('unit', 16)] })], { access: 'admins' }),
  entity('materialdirectory', 'materialDirectory', [CODE, NAME, ref('materialCategoryId', 'materialcategories', { ...listed, filter: true }), refs('scaleIds', 'scales', { filter: true }), dec('densityKgM3', 0, 25000, { unit: 'kg/m³' }), dec('costPerKg', 0, 1e6), flag('medicated', false, { list: true }), flag('lotTracked', false), flag('active', true, { list: true })], { access: 'recipes' }),
  entity('parametergroups', 'parameterGroup', [choice('groupType', ['ACTION', 'MODE', 'MISC', 'ENGINEERING', 'REPORT'], { ...listed, filter: true }), text('name', 80, { ...listed, unique: true }), f('parameterIds', { type: 'idList', by: 'groupType', targets: [['ACTION', 'actionparameters'], ['MODE', 'modeparameters'], ['MISC', 'miscellaneousparameters'], ['ENGINEERING', 'engineeringparameters'], ['REPORT', 'reportparameters']] })], { title: 'name' }),
  entity('stoptimereasongroup', 'stopTimeGroup', [NAME, CODE, flag('planned', false, { list: true })], { access: 'stopTimeGroups', routes: 'stopTimeGroups' }),
  entity('stopreasons', 'stopTimeReason', [ref('stopTimeGroupId', 'stoptimereasongroup', { ...listed, filter: true }), NAME, CODE, flag('planned', false, { list: true })], { access: 'stopReasons', routes: 'stopReasons' }),
  entity('idealrates', 'idealRate', [f('recipeCode', { type: 'code' }, { required: true, unique: true, list: true }), dec('kgPerHour', 0.001, 1e6, { required: true, list: true, unit: 'kg/h' }), DESCRIPTION], { title: 'recipeCode' }),
  entity('suppliers', 'supplier', [CODE, NAME, text('address', 500), choice('approval', ['APPROVED', 'CONDITIONAL', 'SUSPENDED'], { ...listed, required: true, filter: true })], { scoped: false, access: 'lots' }),
  entity('customers', 'customer', [CODE, NAME, text('address', 500)], { scoped: false, access: 'lots' }),
  entity('signaturemeanings', 'signatureMeaning', [CODE, NAME], { scoped: false, access: 'admins' }),
];

export function descriptor(key: string): EntityDescriptor {
  const d = DESCRIPTORS.find((x) => x.key === key);
  if (!d) throw new Error(`no descriptor ${key}`);
  return d;
}
