import { Badge } from '@mantine/core';
import type { LotStatus } from '../api/trace-types';
import { useTraceText } from '../hooks/use-trace-text';
import { LOT_STATUS_COLOR, LOT_STATUS_SIGN } from '../utils/status';

/** Badges in table cells keep their whole text (Mantine's would shrink to an ellipsis). */
const FULL = { minWidth: 'max-content' } as const;

/** A lot's status in words with a sign, coloured (the words carry the meaning). */
export function LotStatusBadge({ status, size }: { status: LotStatus | null | undefined; size?: 'sm' | 'md' }) {
  const { t } = useTraceText();
  if (!status) return <span>—</span>;
  return (
    <Badge color={LOT_STATUS_COLOR[status]} size={size} style={FULL} leftSection={<span aria-hidden="true">{LOT_STATUS_SIGN[status]}</span>} data-testid="lot-status" data-status={status}>
      {t(`web.trace.status.${status}`)}
    </Badge>
  );
}
