/**
 * The one filter bar of the report screens: line (or all lines), the range, and the shift,
 * recipe and order pickers a screen asks for, then the screen's own controls. Every control is
 * labelled and shows the server's error on its field (`errors.toDateTime`, …).
 */
import { Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { LineSelect } from '@/components/line-select';
import { PlantDateTimeInput } from '@/components/plant-date-time-input';
import { useLines } from '@/lib/use-lines';
import { useOrderOptions, useRecipeOptions, useShiftOptions } from '../api/filter-options-api';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import { ALL_LINES, backwards, PARAM, type FilterName } from '../utils/filters';

export interface Option {
  value: string;
  label: string;
}

/** The options, with the chosen value kept (shown by itself) when it is not among them. */
function withValue(options: Option[], value: string): Option[] {
  const seen = new Set<string>();
  const out = options.filter((o) => (seen.has(o.value) ? false : (seen.add(o.value), true)));
  if (value && !seen.has(value)) out.push({ value, label: value });
  return out;
}

interface PickerProps {
  param: string;
  label: string;
  options: Option[];
  /** Said while nothing is chosen ("Every shift"); none: a choice is required. */
  anyLabel?: string;
  testId: string;
  miw?: number;
}

/** A labelled select of one filter: its value in the URL, its error from the server. */
export function FilterPicker({ param, label, options, anyLabel, testId, miw = 200 }: PickerProps) {
  const { values, set, errors } = useReportContext();
  const value = values[param] ?? '';
  return (
    <Select
      label={label}
      placeholder={anyLabel}
      data={withValue(options, value)}
      value={value || null}
      onChange={(v) => set({ [param]: v ?? '' })}
      clearable={anyLabel !== undefined}
      allowDeselect={anyLabel !== undefined}
      searchable={options.length > 8}
      error={errors[param]}
      miw={miw}
      maw={320}
      data-testid={testId}
    />
  );
}

/** A screen's own choice (a grouping, a time bucket): options given as message ids. */
export function ChoiceFilter({ param, label, options, testId }: { param: string; label: string; options: Option[]; testId: string }) {
  const { t } = useReportFormat();
  return <FilterPicker param={param} label={t(label)} options={options.map((o) => ({ value: o.value, label: t(o.label) }))} testId={testId} miw={160} />;
}

/**
 * A picker of equipment by its code (a bin, a scale; the reports take the code, the same on
 * every line), offered from its records of the line(s).
 */
export function CodePicker({ param, label, anyLabel, records, testId }: { param: string; label: string; anyLabel: string; records: readonly { code: string; name: string }[]; testId: string }) {
  const options = records.map((r) => ({ value: r.code, label: `${r.code} · ${r.name}` }));
  return <FilterPicker param={param} label={label} anyLabel={anyLabel} options={options} testId={testId} />;
}

function ShiftPicker() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const lineId = values[PARAM.line];
  const { lines } = useLines();
  const shifts = useShiftOptions(lineId, true);
  const lineName = (id: string) => lines.find((l) => l._id === id)?.name ?? '';
  const options = (shifts.data ?? []).map((s) => ({ value: s._id, label: lineId === ALL_LINES ? `${s.name} · ${lineName(s.lineId)}` : s.name }));
  return <FilterPicker param={PARAM.shift} label={t('web.report.filter.shift')} anyLabel={t('web.report.filter.everyShift')} options={options} testId="filter-shift" />;
}

function RecipePicker() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const recipes = useRecipeOptions(values[PARAM.line], values[PARAM.from], values[PARAM.to], true);
  const options = (recipes.data ?? []).map((r) => ({
    value: r.recipeId,
    label: [r.code, r.version !== null && r.version !== undefined ? `v${r.version}` : null, r.name].filter(Boolean).join(' · '),
  }));
  return <FilterPicker param={PARAM.recipe} label={t('web.report.filter.recipe')} anyLabel={t('web.report.filter.everyRecipe')} options={options} testId="filter-recipe" />;
}

function OrderPicker() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const orders = useOrderOptions(values[PARAM.line], values[PARAM.from], values[PARAM.to], true);
  const options = (orders.data ?? []).map((o) => ({ value: o._id, label: `${o.orderNumber} · ${o.name}` }));
  return <FilterPicker param={PARAM.order} label={t('web.report.filter.order')} anyLabel={t('web.report.filter.everyOrder')} options={options} testId="filter-order" />;
}

/** The range, typed in the user's language and meant in plant time (the zone of the report's line). */
function RangeInputs() {
  const { t, zone } = useReportFormat();
  const { values, set, errors } = useReportContext();
  const from = values[PARAM.from];
  const to = values[PARAM.to];
  const toError = backwards(from, to) ? t('web.report.rangeBackwards') : errors[PARAM.to];
  const input = (param: string, label: string, value: string, error: string | undefined, testId: string) => (
    <PlantDateTimeInput
      label={t(label)}
      value={value}
      zone={zone}
      onChange={(next) => {
        if (next) set({ [param]: next });
      }}
      error={error}
      w={190}
      data-testid={testId}
    />
  );
  return (
    <>
      {input(PARAM.from, 'web.report.filter.from', from, errors[PARAM.from], 'filter-from')}
      {input(PARAM.to, 'web.report.filter.to', to, toError, 'filter-to')}
    </>
  );
}

export function FilterBar({ children }: { children?: ReactNode }) {
  const { t } = useReportFormat();
  const { spec, values, set, errors } = useReportContext();
  const { lines } = useLines();
  const has = (p: FilterName) => spec.pickers.includes(p);
  return (
    <Group align="flex-start" gap="md" mb="md" wrap="wrap" role="group" aria-label={t('web.report.filters')} data-testid="report-filters">
      {has('line') ? (
        <LineSelect
          lines={[{ _id: ALL_LINES, name: t('web.report.allLines') }, ...lines]}
          value={values[PARAM.line] || ALL_LINES}
          onChange={(lineId) => set({ [PARAM.line]: lineId })}
          error={errors[PARAM.line]}
          miw={180}
        />
      ) : null}
      <RangeInputs />
      {has('shift') ? <ShiftPicker /> : null}
      {has('recipe') ? <RecipePicker /> : null}
      {has('order') ? <OrderPicker /> : null}
      {children}
    </Group>
  );
}
