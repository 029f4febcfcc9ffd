/** Downloads a version as PDF with progress, and offers it as a file. */
import { useState } from 'react';
import { saveBlob } from '@/lib/api-client';
import { useErrorNotice } from '@/lib/use-error-notice';
import { recipePdf, type RecipeRecord } from '../api/recipes-api';

export interface PdfDownload {
  /** The version being downloaded, and progress 0–1 (null while the size is unknown). */
  active: { id: string; progress: number | null } | null;
  start: (record: Pick<RecipeRecord, '_id' | 'code' | 'version'>) => Promise<void>;
}

/** The file name of a version's PDF: `CODE-v2.pdf`. */
export const pdfName = (r: Pick<RecipeRecord, 'code' | 'version'>) => `${r.code.replace(/[^\w.-]+/g, '_')}-v${r.version}.pdf`;

export function usePdfDownload(): PdfDownload {
  const [active, setActive] = useState<PdfDownload['active']>(null);
  const showError = useErrorNotice();
  const start = async (r: Pick<RecipeRecord, '_id' | 'code' | 'version'>) => {
    if (active) return;
    setActive({ id: r._id, progress: null });
    try {
      const blob = await recipePdf(r._id, (progress) => setActive({ id: r._id, progress }));
      saveBlob(blob, pdfName(r));
    } catch (e) {
      showError(e);
    } finally {
      setActive(null);
    }
  };
  return { active, start };
}
