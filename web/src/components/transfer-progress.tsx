import { Group, Progress, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';

/**
 * A labelled progress bar for a download or upload (an import, a PDF or report export): `value`
 * 0–1, or null while the size is unknown (then striped and moving, without a percentage).
 * `compact` fits it into a table row or a button bar.
 */
export function TransferProgress({ label, value, testId, compact = false }: { label: string; value: number | null; testId: string; compact?: boolean }) {
  const intl = useIntl();
  const pct = value === null ? null : Math.max(0, Math.min(100, Math.round(value * 100)));
  const text = pct === null ? intl.formatMessage({ id: 'web.import.inProgress' }) : intl.formatNumber(pct / 100, { style: 'percent' });
  return (
    <Stack gap={compact ? 2 : 4} miw={compact ? 160 : undefined} data-testid={`${testId}-box`}>
      <Group justify="space-between" gap="xs">
        <Text size={compact ? 'xs' : 'sm'}>{label}</Text>
        <Text size={compact ? 'xs' : 'sm'} c="dimmed" aria-hidden>
          {text}
        </Text>
      </Group>
      <Progress.Root size={compact ? 'sm' : 'lg'}>
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
          data-testid={testId}
        />
      </Progress.Root>
    </Stack>
  );
}
