/**
 * The batch summary's own filters, in the filter bar after line, range, recipe and order: which
 * batches to list (`reportFilterType`: every one, those with a dose out of tolerance, the
 * aborted ones, those past a report parameter's limits), for the last the report parameters to
 * look at (`exceededParameters`, codes comma-separated; none chosen: every one), and how many
 * rows a page shows (`limit`).
 */
import { MultiSelect, Select } from '@mantine/core';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import { useReportParameters } from '../utils/batch-api';
import { EXCEEDED, FILTER_TYPES } from '../utils/batch-types';
import { PARAM } from '../utils/filters';

export const SUMMARY_PARAM = { type: 'reportFilterType', parameters: 'exceededParameters', limit: 'limit' } as const;

/** The page sizes offered; 50 by default. */
export const LIMITS = ['10', '25', '50', '100'] as const;
export const DEFAULT_LIMIT = 50;

/** The rows per page the address asks for (one of LIMITS), else 50. */
export const limitOf = (raw: string | undefined): number => (raw && (LIMITS as readonly string[]).includes(raw) ? Number(raw) : DEFAULT_LIMIT);

function ParameterPicker() {
  const { t } = useReportFormat();
  const { values, set, errors } = useReportContext();
  const params = useReportParameters(values[PARAM.line]);
  const chosen = (values[SUMMARY_PARAM.parameters] ?? '').split(',').filter(Boolean);
  const seen = new Map<string, string>();
  for (const p of params.data ?? []) if (!seen.has(p.code.toUpperCase())) seen.set(p.code.toUpperCase(), `${p.code.toUpperCase()} · ${p.name}`);
  for (const c of chosen) if (!seen.has(c)) seen.set(c, c);
  const options = [...seen].map(([value, label]) => ({ value, label }));
  return (
    <MultiSelect
      label={t('web.batch.filter.parameters')}
      placeholder={chosen.length === 0 ? t('web.batch.filter.everyParameter') : undefined}
      data={options}
      value={chosen}
      onChange={(codes) => set({ [SUMMARY_PARAM.parameters]: codes.join(',') })}
      searchable
      clearable
      error={errors[SUMMARY_PARAM.parameters]}
      nothingFoundMessage={t('web.batch.filter.noParameters')}
      miw={220}
      maw={420}
      data-testid="filter-parameters"
    />
  );
}

export function SummaryFilters() {
  const { t } = useReportFormat();
  const { values, set, errors } = useReportContext();
  const type = values[SUMMARY_PARAM.type] || 'ALL';
  return (
    <>
      <Select
        label={t('web.batch.filter.type')}
        data={FILTER_TYPES.map((f) => ({ value: f, label: t(`web.batch.filterType.${f}`) }))}
        value={type}
        onChange={(v) => set({ [SUMMARY_PARAM.type]: !v || v === 'ALL' ? '' : v, [SUMMARY_PARAM.parameters]: '' })}
        allowDeselect={false}
        error={errors[SUMMARY_PARAM.type]}
        miw={200}
        data-testid="filter-type"
      />
      {type === EXCEEDED ? <ParameterPicker /> : null}
      <Select
        label={t('web.batch.filter.limit')}
        data={[...LIMITS]}
        value={String(limitOf(values[SUMMARY_PARAM.limit]))}
        onChange={(v) => set({ [SUMMARY_PARAM.limit]: !v || v === String(DEFAULT_LIMIT) ? '' : v })}
        allowDeselect={false}
        error={errors.limit}
        w={120}
        data-testid="filter-limit"
      />
    </>
  );
}
