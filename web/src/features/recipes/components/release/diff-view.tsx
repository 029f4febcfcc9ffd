import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import type { Comparison } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { diffSections, type DiffLine, type DiffText } from '../../utils/diff-format';
import type { PlantIndex } from '../../utils/plant-index';

const CHANGE_COLOR: Record<DiffLine['change'], string> = { ADDED: '#237032', REMOVED: '#a61e4d', CHANGED: '#1864ab' };
const SECTION_TITLE = {
  header: 'web.recipes.diff.header',
  weighingItems: 'web.recipes.weighing.title',
  mixingItems: 'web.recipes.mixing.title',
  miscellaneousItems: 'web.recipes.misc.title',
} as const;

/** What a version changes against another: added, removed and changed items, values old → new. */
export function DiffView({ comparison, plant }: { comparison: Comparison; plant: PlantIndex | null }) {
  const text = useRecipeText();
  const { t } = text;
  const dt: DiffText = {
    field: text.field,
    record: (id) => plant?.label(id),
    number: (n) => text.num(n),
    yesNo: text.yesNo,
    medicationClass: text.medicationClass,
    weighingItem: (material, scale) => t('web.recipes.diff.weighingItem', { material, scale }),
    mixingStep: (n, action) => t('web.recipes.diff.mixingStep', { n, action }),
  };
  const sections = diffSections(comparison, dt);
  if (sections.length === 0)
    return (
      <Text size="sm" data-testid="diff-none">
        {t('web.recipes.diff.none')}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="diff-view">
      {sections.map((s) => (
        <section key={s.id} aria-label={t(SECTION_TITLE[s.id])}>
          <Title order={4} size="h6" mb={4}>
            {t(SECTION_TITLE[s.id])}
          </Title>
          <List size="sm" spacing={4} listStyleType="none" pl={0}>
            {s.lines.map((line, i) => (
              <List.Item key={i} data-change={line.change}>
                <Group gap={6} wrap="wrap" align="baseline">
                  <Badge size="xs" color={CHANGE_COLOR[line.change]}>
                    {t(`web.recipes.diff.${line.change.toLowerCase()}`)}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {line.item}
                  </Text>
                </Group>
                {line.values.length > 0 ? (
                  <List size="sm" withPadding listStyleType="disc">
                    {line.values.map((v, j) => (
                      <List.Item key={j} data-testid="diff-value">
                        {line.change === 'CHANGED'
                          ? t('web.recipes.diff.oldNew', { field: v.field, old: v.old, new: v.new })
                          : t('web.recipes.diff.value', { field: v.field, value: line.change === 'ADDED' ? v.new : v.old })}
                      </List.Item>
                    ))}
                  </List>
                ) : null}
              </List.Item>
            ))}
          </List>
        </section>
      ))}
    </Stack>
  );
}
