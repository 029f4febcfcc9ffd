import { Button, Group, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ListPagination } from '@/components/list-pagination';
import { Spinner } from '@/components/spinner';
import { decodeToken } from '@/lib/jwt';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { useErrorNotice, useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useDeleteRecipe, useRecipes, useReleasedRecipes, useReleaseLevels, type RecipeRecord } from '../../api/recipes-api';
import { useCreateVersion } from '../../hooks/use-new-version';
import { usePdfDownload } from '../../hooks/use-pdf-download';
import { useRecipeAccess } from '../../hooks/use-recipe-access';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { filterRecipes, readFilters, recipeRows, writeFilters, type RecipeFilters as Filters } from '../../utils/list-filter';
import { recipePaths } from '../../utils/paths';
import { DeleteRecipeDialog } from './delete-recipe-dialog';
import { RecipeFilters } from './recipe-filters';
import { RecipeTable } from './recipe-table';

const PAGE_SIZE = 20;

/** /recipemanagement/recipes: the latest version of every recipe, filtered, with its actions. */
export function RecipeListPage() {
  const { t } = useRecipeText();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { lines } = useLines();
  const recipes = useRecipes(filters.lineId);
  const released = useReleasedRecipes(filters.lineId);
  const levels = useReleaseLevels();
  const access = useRecipeAccess();
  const pdf = usePdfDownload();
  const version = useCreateVersion();
  const remove = useDeleteRecipe();
  const showError = useErrorNotice();
  const email = decodeToken(useSession((s) => s.token))?.userEmail ?? '';
  const [toDelete, setToDelete] = useState<RecipeRecord | null>(null);
  useQueryErrorNotice(recipes);
  useQueryErrorNotice(levels);

  const rows = useMemo(
    () => filterRecipes(recipeRows(recipes.data ?? [], released.data ?? []), filters),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters are read from `params`
    [recipes.data, released.data, params],
  );
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const lineName = (id: string) => lines.find((l) => l._id === id)?.name ?? id;
  const update = (patch: Partial<Filters>) => setParams((p) => writeFilters(p, patch), { replace: !('page' in patch) });

  const confirmDelete = () =>
    toDelete &&
    remove.mutate(
      { id: toDelete._id, deletedBy: email },
      {
        onSuccess: ({ message }) => {
          notify(message ?? t('web.recipes.delete.done'), 'success');
          setToDelete(null);
        },
        onError: (e) => {
          setToDelete(null);
          showError(e);
        },
      },
    );

  const narrowed = Boolean(filters.search.trim()) || filters.status !== null || filters.level !== null;
  let body;
  if (recipes.isPending) body = <Spinner fill />;
  else if (rows.length === 0)
    body = (
      <Text data-testid="recipe-empty" role="status">
        {t(narrowed ? 'web.recipes.noMatch' : 'web.recipes.empty')}
      </Text>
    );
  else
    body = (
      <>
        <Text size="sm" c="dimmed" mb="xs" role="status" data-testid="recipe-count">
          {t('web.recipes.count', { count: rows.length })}
        </Text>
        <RecipeTable
          rows={shown}
          lineName={lineName}
          access={access}
          pdf={pdf.active}
          versioning={version.target}
          onNewVersion={(r) => version.create(r._id)}
          onPdf={(r) => void pdf.start(r)}
          onDelete={setToDelete}
        />
      </>
    );

  return (
    <section aria-labelledby="screen-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2" id="screen-title">
          {t('web.screen.recipe')}
        </Title>
        {access.create ? (
          <Button component={Link} to={recipePaths.add(filters.lineId)} data-testid="recipe-new">
            {t('web.recipes.new')}
          </Button>
        ) : null}
      </Group>
      <RecipeFilters filters={filters} lines={lines} levels={levels.data ?? []} onChange={update} />
      {body}
      <ListPagination total={pages} value={page} onChange={(p) => update({ page: p })} />
      <DeleteRecipeDialog target={toDelete} busy={remove.isPending} onConfirm={() => void confirmDelete()} onClose={() => setToDelete(null)} />
    </section>
  );
}
