import { Badge } from '@mantine/core';
import type { ShiftLog } from '../api/shift-log-types';
import { useShiftLogText } from '../hooks/use-shift-log-text';

/** Colours dark enough for white text (WCAG AA); the words carry the meaning. */
const OPEN = '#a65b00';
const HANDED_OVER = '#237032';
/** Badges in table cells keep their whole text (Mantine's would shrink to an ellipsis). */
const FULL = { minWidth: 'max-content' } as const;

/** "Open" or "Handed over", coloured, with a sign. */
export function HandoverBadge({ entry }: { entry: Pick<ShiftLog, 'handedOverAt'> }) {
  const { t } = useShiftLogText();
  const done = Boolean(entry.handedOverAt);
  return (
    <Badge
      color={done ? HANDED_OVER : OPEN}
      autoContrast={false}
      c="white"
      style={FULL}
      leftSection={<span aria-hidden="true">{done ? '✓' : '○'}</span>}
      data-testid="handover-badge"
      data-state={done ? 'handedOver' : 'open'}
    >
      {t(done ? 'web.shiftLog.handedOver' : 'web.shiftLog.open')}
    </Badge>
  );
}
