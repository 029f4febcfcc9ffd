import { Group, Paper, Text } from '@mantine/core';
import type { LotBalance } from '../api/trace-types';
import { useTraceText } from '../hooks/use-trace-text';
import { unaccounted } from '../utils/status';

/**
 * Where a lot's kilograms are: received, still in bins, dosed, emptied out of bins, not used
 * yet, and what is unaccounted for — flagged in words (and colour) beyond half a kilogram.
 */
export function MassBalance({ balance: b, lineId }: { balance: LotBalance; lineId?: string | null }) {
  const text = useTraceText(lineId);
  const { t } = text;
  const off = unaccounted(b.unaccountedKg);
  const figures = [
    { id: 'received', value: b.receivedKg },
    { id: 'inBins', value: b.inBinsKg },
    { id: 'dosed', value: b.dosedKg },
    { id: 'emptied', value: b.emptiedKg },
    { id: 'notUsed', value: b.notUsedKg },
  ];
  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label={t('web.trace.balance.title')} data-testid="mass-balance">
      {figures.map((f) => (
        <Paper key={f.id} withBorder radius="sm" px="md" py="xs" miw={130}>
          <Text size="xs" c="dimmed">
            {t(`web.trace.balance.${f.id}`)}
          </Text>
          <Text fw={700} size="lg" data-testid={`balance-${f.id}`}>
            {text.kg(f.value)}
          </Text>
        </Paper>
      ))}
      <Paper
        withBorder
        radius="sm"
        px="md"
        py="xs"
        miw={170}
        data-testid="balance-unaccounted-box"
        data-flagged={off ? 'true' : 'false'}
        style={off ? { borderColor: '#c92a2a', borderWidth: 2, background: 'var(--mantine-color-red-light)' } : undefined}
      >
        <Text size="xs" c={off ? undefined : 'dimmed'} fw={off ? 700 : undefined}>
          {off ? <span aria-hidden="true">⚠ </span> : null}
          {t('web.trace.balance.unaccounted')}
        </Text>
        <Text fw={700} size="lg" data-testid="balance-unaccounted">
          {text.kg(b.unaccountedKg)}
        </Text>
        {off ? (
          <Text size="xs" fw={600} data-testid="balance-flag">
            {t(b.unaccountedKg > 0 ? 'web.trace.balance.missing' : 'web.trace.balance.overused')}
          </Text>
        ) : null}
      </Paper>
    </Group>
  );
}
