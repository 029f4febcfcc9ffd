import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { emptyMisc, type MiscRow } from '../../utils/draft';
import { inputKey } from '../../utils/field-errors';
import { defaultValue } from '../../utils/parameters';
import { recordLabel, type PlantIndex } from '../../utils/plant-index';
import { ParameterInput } from './parameter-input';

export interface MiscEditorProps {
  rows: MiscRow[];
  plant: PlantIndex;
  onChange: (rows: MiscRow[], key?: string) => void;
  errorOf: (key: string) => string | undefined;
}

/** The miscellaneous values of the recipe (conditioning temperature, …): a parameter and its value each. */
export function MiscEditor({ rows, plant, onChange, errorOf }: MiscEditorProps) {
  const { t } = useRecipeText();
  const listError = errorOf('miscellaneousItems');
  const set = (row: MiscRow, next: MiscRow, key: string) => onChange(rows.map((r) => (r.key === row.key ? next : r)), key);

  return (
    <Stack gap="sm" component="section" aria-labelledby="misc-title" data-testid="misc-editor">
      <Title order={2} size="h4" id="misc-title">
        {t('web.recipes.misc.title')}
      </Title>
      {listError ? (
        <Alert color="red" variant="light" data-field="miscellaneousItems">
          {listError}
        </Alert>
      ) : null}
      {rows.length === 0 ? <Text size="sm">{t('web.recipes.misc.none')}</Text> : null}
      {rows.map((row, i) => {
        const what = t('web.recipes.misc.item', { n: i + 1 });
        const taken = new Set(rows.filter((r) => r.key !== row.key).map((r) => r.miscellaneousParameterId));
        const options = plant.lists.miscParameters.filter((p) => !taken.has(p._id)).map((p) => ({ value: p._id, label: recordLabel(p) }));
        const parameter = plant.parameter(row.miscellaneousParameterId);
        const paramKey = inputKey.misc(row.key, 'miscellaneousParameterId');
        const valueKey = inputKey.misc(row.key, 'value');
        return (
          <Paper key={row.key} withBorder p="sm" data-misc={i + 1}>
            <Group align="flex-start" wrap="wrap" gap="sm">
              <Select
                label={t('web.recipes.field.parameter')}
                aria-label={t('web.recipes.cellOf', { field: t('web.recipes.field.parameter'), what })}
                data={options}
                value={row.miscellaneousParameterId}
                onChange={(v) => set(row, { ...row, miscellaneousParameterId: v, value: defaultValue(plant.parameter(v)) }, paramKey)}
                searchable
                required
                error={errorOf(paramKey)}
                miw={240}
                data-field="miscellaneousParameterId"
              />
              <div style={{ minWidth: 200 }}>
                {parameter ? (
                  <ParameterInput
                    parameter={parameter}
                    label={t('web.recipes.field.value')}
                    ariaLabel={t('web.recipes.cellOf', { field: t('web.recipes.field.value'), what })}
                    value={row.value}
                    onChange={(v) => set(row, { ...row, value: v }, valueKey)}
                    error={errorOf(valueKey)}
                    field="value"
                  />
                ) : (
                  <Text size="sm" c="dimmed" mt="lg">
                    {t('web.recipes.misc.chooseParameter')}
                  </Text>
                )}
              </div>
              <Button
                mt="lg"
                size="compact-sm"
                variant="subtle"
                color="#c92a2a"
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                aria-label={t('web.recipes.removeOf', { what })}
              >
                {t('web.recipes.remove')}
              </Button>
            </Group>
          </Paper>
        );
      })}
      <div>
        <Button variant="default" onClick={() => onChange([...rows, emptyMisc()])} disabled={rows.length >= plant.lists.miscParameters.length} data-testid="add-misc">
          {t('web.recipes.misc.add')}
        </Button>
      </div>
    </Stack>
  );
}
