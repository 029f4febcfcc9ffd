import { Progress, Stack, Text } from '@mantine/core';
import { useRecipeText } from '../hooks/use-recipe-text';

/** The progress of a PDF download: a labelled bar, moving while the size is unknown. */
export function PdfProgress({ progress }: { progress: number | null }) {
  const { t, num } = useRecipeText();
  const pct = progress === null ? null : Math.round(Math.max(0, Math.min(1, progress)) * 100);
  const label = t('web.recipes.pdf.downloading');
  const text = pct === null ? label : `${label} ${num(pct, 0)} %`;
  return (
    <Stack gap={2} miw={160} data-testid="pdf-progress">
      <Text size="xs" aria-hidden>
        {text}
      </Text>
      <Progress.Root size="sm">
        <Progress.Section
          value={pct ?? 100}
          striped={pct === null}
          animated={pct === null}
          withAria={false}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct ?? undefined}
          aria-valuetext={text}
        />
      </Progress.Root>
    </Stack>
  );
}
