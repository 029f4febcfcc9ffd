import { Stack, Title } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { usePlant } from '../../api/plant-api';
import type { RecipeRecord } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { indexPlant, type PlantIndex } from '../../utils/plant-index';
import { RecipeFacts } from './recipe-facts';
import { MiscTable, MixingTable } from './step-tables';
import { WeighingTable } from './weighing-table';

/** The line's configuration, indexed, for naming what a version refers to. */
export function usePlantIndex(lineId: string | null): PlantIndex | null {
  const state = usePlant(lineId);
  useQueryErrorNotice({ isError: state.error !== null, error: state.error });
  return useMemo(() => (state.plant ? indexPlant(state.plant) : null), [state.plant]);
}

/** A titled part of the page, named by its heading for screen readers. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A version read-only: its facts and the three step lists. */
export function RecipeDetails({ record, plant }: { record: RecipeRecord; plant: PlantIndex | null }) {
  const { t } = useRecipeText();
  const { lines } = useLines();
  const lineName = lines.find((l) => l._id === record.lineId)?.name ?? record.lineId;
  return (
    <Stack gap="lg">
      <RecipeFacts record={record} plant={plant} lineName={lineName} />
      <Section id="view-weighing-title" title={t('web.recipes.weighing.title')}>
        <WeighingTable record={record} plant={plant} />
      </Section>
      <Section id="view-mixing-title" title={t('web.recipes.mixing.title')}>
        <MixingTable record={record} plant={plant} />
      </Section>
      <Section id="view-misc-title" title={t('web.recipes.misc.title')}>
        <MiscTable record={record} plant={plant} />
      </Section>
    </Stack>
  );
}
