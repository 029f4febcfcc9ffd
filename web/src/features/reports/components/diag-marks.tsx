/**
 * The marks and links of the diagnostics screens: a value's direction past its limit (an arrow
 * and the word, the colour only repeating them), the codes of a batch's values past their
 * limits, the reference batch of a compare, and the link from a batch to its specific view
 * over the screen's range.
 */
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import { diagPaths, type BatchKey } from '../utils/diag-paths';
import { PARAM } from '../utils/filters';
import { Mark } from './batch-badges';

const ARROW: Record<string, string> = { UNDER: '▼', OVER: '▲' };

/** `UNDER` or `OVER` as an arrow and its word. */
export function DirectionMark({ direction, text }: { direction: string; text: string }) {
  return (
    <Group gap={4} wrap="nowrap" data-testid={`direction-${direction}`}>
      <Text span aria-hidden c={direction === 'OVER' ? 'red.9' : 'orange.9'} fz="xs">
        {ARROW[direction] ?? '•'}
      </Text>
      <Text span size="sm" fw={600}>
        {text}
      </Text>
    </Group>
  );
}

/** The direction's word (`web.diag.direction.UNDER`), as the api spells it when unknown. */
export const directionText = (direction: string, t: (id: string) => string) => (direction === 'UNDER' || direction === 'OVER' ? t(`web.diag.direction.${direction}`) : direction);

/** The codes of the values past their limits, each on a badge; '—' for none. */
export function ExceededCodes({ codes }: { codes: readonly string[] }) {
  if (codes.length === 0) return <>—</>;
  return (
    <Group gap={4}>
      {codes.map((c) => (
        <Mark key={c} tone="bad" text={c} testId="diag-exceeded" />
      ))}
    </Group>
  );
}

/** The reference batch of a compare. */
export function ReferenceMark() {
  const { t } = useReportFormat();
  return <Mark tone="info" text={t('web.diag.reference')} testId="diag-reference" />;
}

/** The batch number, linking to its specific view over the screen's range. */
export function SpecificLink({ batch }: { batch: BatchKey }) {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  return (
    <Anchor
      component={Link}
      to={diagPaths.specific(batch, values[PARAM.from], values[PARAM.to])}
      aria-label={t('web.diag.openBatch', { batch: batch.batchId })}
      size="sm"
      data-testid="diag-batch-link"
    >
      {batch.batchId}
    </Anchor>
  );
}
