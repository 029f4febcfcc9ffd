import { TransferProgress } from '@/components/transfer-progress';
import { useRecipeText } from '../hooks/use-recipe-text';

/** The progress of a PDF download: a labelled bar, moving while the size is unknown. */
export function PdfProgress({ progress }: { progress: number | null }) {
  const { t } = useRecipeText();
  return <TransferProgress label={t('web.recipes.pdf.downloading')} value={progress} testId="pdf-progress" compact />;
}
