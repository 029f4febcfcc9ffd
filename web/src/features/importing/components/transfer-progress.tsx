import { Group, Progress, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';

/**
 * A labelled progress bar for a download or upload: `value` 0–1, or null while the size is
 * unknown (then striped and moving, without a percentage).
 */
export function TransferProgress({ label, value, testId }: { label: string; value: number | null; testId: string }) {
  const intl = useIntl();
  const pct = value === null ? null : Math.max(0, Math.min(100, Math.round(value * 100)));
  const text = pct === null ? intl.formatMessage({ id: 'web.import.inProgress' }) : intl.formatNumber(pct / 100, { style: 'percent' });
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{label}</Text>
        <Text size="sm" c="dimmed" aria-hidden>
          {text}
        </Text>
      </Group>
      <Progress.Root size="lg">
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
