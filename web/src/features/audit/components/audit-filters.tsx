/**
 * The trail's filters: a line (or all), the range in plant time, the user, the kind of record
 * and the action (the choices the trail holds, the server's names for them), and a record's id.
 */
import { Group, Select } from '@mantine/core';
import { LineSelect } from '@/components/line-select';
import { PlantDateTimeInput } from '@/components/plant-date-time-input';
import { SearchInput } from '@/components/search-input';
import { ALL_LINES, type AuditFacet, type AuditFacets } from '../api/audit-types';
import type { AuditText } from '../hooks/use-audit-text';
import type { AuditFilters as Filters } from '../utils/filters';

export interface AuditFiltersProps {
  filters: Filters;
  /** The range shown (the URL's, else the last seven days). */
  range: { from: string; to: string };
  facets: AuditFacets | undefined;
  /** The server's messages on the filters (`errors.{field}` of a 400), and our own on the range's end. */
  errors: Record<string, string | undefined>;
  text: AuditText;
  onChange: (patch: Partial<Filters>) => void;
}

/** One filter's choice among the values the trail holds; a value of the URL it holds no more is kept, shown as it is. */
function FacetSelect({ label, placeholder, text, options, value, onChange, error, testId }: {
  label: string;
  placeholder: string;
  text: AuditText;
  options: readonly AuditFacet[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
}) {
  const data = options.map((o) => ({ value: o.value, label: o.label || o.value }));
  if (value && !data.some((o) => o.value === value)) data.push({ value, label: value });
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      clearable
      // Mantine hides the clear button from the keyboard and screen readers: here it is a named button.
      clearButtonProps={{ tabIndex: 0, 'aria-hidden': false, 'aria-label': text.t('web.audit.clear', { filter: label }) }}
      nothingFoundMessage={text.t('web.config.nothingFound')}
      error={error}
      w={220}
      data-testid={testId}
    />
  );
}

export function AuditFilters({ filters, range, facets, errors, text, onChange }: AuditFiltersProps) {
  const { t } = text;
  return (
    <Group align="flex-start" mb="md" wrap="wrap" gap="md" role="group" aria-label={t('web.audit.filters')} data-testid="audit-filters">
      <LineSelect
        lines={[{ _id: ALL_LINES, name: t('web.audit.allLines') }, ...text.lines]}
        value={filters.lineId}
        onChange={(lineId) => onChange({ lineId })}
        error={errors.lineId}
        w={200}
        data-testid="audit-line"
      />
      <PlantDateTimeInput label={t('web.audit.from')} value={range.from} zone={text.zone} onChange={(from) => onChange({ from })} error={errors.fromDateTime} w={190} data-testid="audit-from" />
      <PlantDateTimeInput label={t('web.audit.to')} value={range.to} zone={text.zone} onChange={(to) => onChange({ to })} error={errors.toDateTime} w={190} data-testid="audit-to" />
      <FacetSelect
        label={t('web.audit.user')}
        placeholder={t('web.audit.anyUser')}
        text={text}
        options={(facets?.actors ?? []).map((a) => ({ value: a, label: a }))}
        value={filters.user}
        onChange={(user) => onChange({ user })}
        error={errors.user}
        testId="audit-user"
      />
      <FacetSelect
        label={t('web.audit.entity')}
        placeholder={t('web.audit.anyEntity')}
        text={text}
        options={facets?.entities ?? []}
        value={filters.entity}
        onChange={(entity) => onChange({ entity })}
        error={errors.entity}
        testId="audit-entity"
      />
      <FacetSelect
        label={t('web.audit.action')}
        placeholder={t('web.audit.anyAction')}
        text={text}
        options={facets?.actions ?? []}
        value={filters.action}
        onChange={(action) => onChange({ action })}
        error={errors.action}
        testId="audit-action"
      />
      <SearchInput
        label={t('web.audit.entityId')}
        description={t('web.audit.entityIdHint')}
        value={filters.entityId}
        onSearch={(entityId) => onChange({ entityId })}
        error={errors.entityId}
        w={260}
        data-testid="audit-entity-id"
      />
    </Group>
  );
}
