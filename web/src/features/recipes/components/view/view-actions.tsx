import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useReleaseLevels, type RecipeRecord } from '../../api/recipes-api';
import { useCreateVersion } from '../../hooks/use-new-version';
import { usePdfDownload } from '../../hooks/use-pdf-download';
import { useRecipeAccess } from '../../hooks/use-recipe-access';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { releasableLevels } from '../../utils/levels';
import { recipePaths } from '../../utils/paths';
import type { PlantIndex } from '../../utils/plant-index';
import { PdfProgress } from '../pdf-progress';
import { ReleaseDialog } from '../release/release-dialog';
import { RevertDialog } from '../release/revert-dialog';

/** What can be done with the version shown: edit or new version, save as, PDF, release, revert. */
export function ViewActions({ record, plant }: { record: RecipeRecord; plant: PlantIndex | null }) {
  const { t } = useRecipeText();
  const access = useRecipeAccess();
  const levels = useReleaseLevels();
  const version = useCreateVersion();
  const pdf = usePdfDownload();
  const [dialog, setDialog] = useState<'release' | 'revert' | null>(null);
  useQueryErrorNotice(levels);
  const canRelease = releasableLevels(levels.data ?? [], record.levels).length > 0;

  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="view-actions">
        {access.update && !record.locked ? (
          <Button component={Link} to={recipePaths.edit(record._id)} data-testid="view-edit">
            {t('web.recipes.edit')}
          </Button>
        ) : null}
        {access.update && record.locked ? (
          <Button onClick={() => version.create(record._id)} loading={version.pending} data-testid="view-new-version">
            {t('web.recipes.newVersion')}
          </Button>
        ) : null}
        {access.create ? (
          <Button variant="default" component={Link} to={recipePaths.saveAs(record._id)} data-testid="view-save-as">
            {t('web.recipes.saveAs')}
          </Button>
        ) : null}
        {pdf.active ? (
          <PdfProgress progress={pdf.active.progress} />
        ) : (
          <Button variant="default" onClick={() => void pdf.start(record)} data-testid="view-pdf">
            {t('web.recipes.pdf.download')}
          </Button>
        )}
        {access.update ? (
          <Button variant="default" onClick={() => setDialog('release')} disabled={!canRelease} data-testid="view-release">
            {t('web.recipes.release.open')}
          </Button>
        ) : null}
        {access.update ? (
          <Button variant="default" onClick={() => setDialog('revert')} disabled={record.levels.length === 0} data-testid="view-revert">
            {t('web.recipes.revert.open')}
          </Button>
        ) : null}
      </Group>
      {dialog === 'release' ? <ReleaseDialog record={record} levels={levels.data ?? []} plant={plant} opened onClose={() => setDialog(null)} /> : null}
      {dialog === 'revert' ? <RevertDialog record={record} opened onClose={() => setDialog(null)} /> : null}
    </>
  );
}
