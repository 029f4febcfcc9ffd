/**
 * A delivery row's batch number: typed, or picked from what the row's line completed in the last
 * 14 days and has not delivered yet (number, recipe, order, kilograms left). Picking one fills
 * the row's kilograms with what is left when they are still empty.
 */
import { Autocomplete, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useDeliverables } from '../api/references-api';
import { useTraceText } from '../hooks/use-trace-text';

interface Props {
  lineId: string | null;
  value: string;
  onChange: (batchId: string) => void;
  /** A batch picked from the list, with the kilograms left of it. */
  onPick: (batchId: string, leftKg: number) => void;
  label: string;
  error?: string;
  testId: string;
}

export function DeliverableBatchInput({ lineId, value, onChange, onPick, label, error, testId }: Props) {
  const text = useTraceText(lineId);
  const { t } = text;
  const deliverables = useDeliverables(lineId);
  const batches = useMemo(() => deliverables.data?.batches ?? [], [deliverables.data]);
  const byId = useMemo(() => new Map(batches.map((b) => [b.batchId, b])), [batches]);
  return (
    <Autocomplete
      aria-label={label}
      value={value}
      onChange={onChange}
      data={batches.map((b) => b.batchId)}
      limit={50}
      onOptionSubmit={(batchId) => {
        const b = byId.get(batchId);
        if (b) onPick(batchId, b.leftKg);
      }}
      renderOption={({ option }) => {
        const b = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Text size="sm" ff="monospace">
              {option.value}
            </Text>
            {b ? (
              <Text size="xs" c="dimmed">
                {t('web.trace.batchOption', { recipe: b.recipeCode ?? '—', order: b.orderNumber ?? '—', ended: text.dateTime(b.endedAt, lineId), kg: text.kg(b.leftKg) })}
              </Text>
            ) : null}
          </Group>
        );
      }}
      error={error}
      data-testid={testId}
    />
  );
}
