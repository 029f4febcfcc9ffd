/**
 * The recipe screens' formatting in the user's language: messages, kg and percent, dates in
 * plant time (the zone of `lineId` or of the line named at the call; for every line their
 * common zone, else UTC),
 * statuses (`recipe.status.*`) and medication classes (`recipe.class.*`) from the server's
 * catalogue, and the names of recipe fields.
 */
import { useIntl } from 'react-intl';
import { plantFormat, zoneOf } from '@/lib/plant-time';
import { useLines } from '@/lib/use-lines';

export type Values = Record<string, string | number>;

/** Field names the screens and the comparison show, by the api's field name. */
const FIELD_IDS: Record<string, string> = {
  name: 'web.recipes.field.name',
  code: 'web.recipes.field.code',
  product: 'web.recipes.field.product',
  description: 'web.recipes.field.description',
  batchSizeKg: 'web.recipes.field.batchSize',
  medicationClass: 'web.recipes.field.medicationClass',
  mixingModeId: 'web.recipes.field.mixingMode',
  materialId: 'web.recipes.field.material',
  scaleId: 'web.recipes.field.scale',
  binId: 'web.recipes.field.bin',
  setpoint: 'web.recipes.field.setpoint',
  setpointUnit: 'web.recipes.field.setpointUnit',
  tolerance: 'web.recipes.field.tolerance',
  toleranceUnit: 'web.recipes.field.toleranceUnit',
  feedingPointId: 'web.recipes.field.feedingPoint',
  mixingActionId: 'web.recipes.field.action',
  durationS: 'web.recipes.field.duration',
  parameters: 'web.recipes.field.parameters',
  miscellaneousParameterId: 'web.recipes.field.parameter',
  value: 'web.recipes.field.value',
  weighingItems: 'web.recipes.weighing.title',
  mixingItems: 'web.recipes.mixing.title',
  miscellaneousItems: 'web.recipes.misc.title',
};

export function useRecipeText(lineId?: string | null) {
  const intl = useIntl();
  const { lines } = useLines();
  const t = (id: string, values?: Values) => intl.formatMessage({ id }, values);
  const num = (n: number, digits = 3) => intl.formatNumber(n, { maximumFractionDigits: digits });
  return {
    t,
    locale: intl.locale,
    num,
    kg: (n: number) => t('web.recipes.kg', { value: num(n) }),
    percent: (n: number) => t('web.recipes.percent', { value: num(n, 4) }),
    date: (iso: string | null | undefined, line?: string | null) => (iso ? plantFormat(intl.locale, zoneOf(lines, line ?? lineId)).dateTime(iso) : ''),
    status: (s: string) => t(`recipe.status.${s}`),
    medicationClass: (c: string) => t(`recipe.class.${c}`),
    field: (name: string) => (FIELD_IDS[name] ? t(FIELD_IDS[name]) : name),
    yesNo: (b: boolean) => t(b ? 'web.recipes.yes' : 'web.recipes.no'),
  };
}

export type RecipeText = ReturnType<typeof useRecipeText>;
