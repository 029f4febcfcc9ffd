import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { LineSelect } from '@/components/line-select';
import type { LineRef } from '@/lib/lines';
import type { ReleaseLevel } from '../../api/recipes-api';
import { ALL_LINES } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { STATUSES, type RecipeFilters as Filters } from '../../utils/list-filter';

export interface RecipeFiltersProps {
  filters: Filters;
  lines: LineRef[];
  levels: ReleaseLevel[];
  onChange: (patch: Partial<Filters>) => void;
}

/** Line (or all lines), search text, status and level of the recipe list. */
export function RecipeFilters({ filters, lines, levels, onChange }: RecipeFiltersProps) {
  const { t, status } = useRecipeText();
  const [text, setText] = useState(filters.search);
  const [debounced] = useDebouncedValue(text, 250);

  useEffect(() => {
    if (debounced !== filters.search) onChange({ search: debounced });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text drives this
  }, [debounced]);

  return (
    <Group align="flex-end" mb="md" wrap="wrap" gap="md">
      <LineSelect lines={[{ _id: ALL_LINES, name: t('web.recipes.allLines') }, ...lines]} value={filters.lineId} onChange={(lineId) => onChange({ lineId })} />
      <TextInput
        label={t('web.recipes.search')}
        description={t('web.recipes.searchHint')}
        type="search"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maw={280}
        data-testid="recipe-search"
      />
      <Select
        label={t('web.recipes.status')}
        placeholder={t('web.recipes.any')}
        data={STATUSES.map((s) => ({ value: s, label: status(s) }))}
        value={filters.status}
        onChange={(v) => onChange({ status: (v) ?? null })}
        clearable
        maw={200}
        data-testid="recipe-status-filter"
      />
      <Select
        label={t('web.recipes.level')}
        placeholder={t('web.recipes.any')}
        data={levels.map((l) => ({ value: String(l.level), label: l.name }))}
        value={filters.level === null ? null : String(filters.level)}
        onChange={(v) => onChange({ level: v ? Number(v) : null })}
        clearable
        maw={200}
        data-testid="recipe-level-filter"
      />
    </Group>
  );
}
