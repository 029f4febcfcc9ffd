import { Badge } from '@mantine/core';
import type { ScheduleRecord, ScheduleStatus } from '../api/schedule-types';
import { useScheduleText } from '../hooks/use-schedule-text';
import { STATUS_COLOR } from '../utils/status';

/** Badges in table cells keep their whole text (Mantine's would shrink to an ellipsis). */
const FULL = { minWidth: 'max-content' } as const;

/** An order's status in the server's words (its `statusName`), coloured per status. */
export function StatusBadge({ status, name }: { status: ScheduleStatus; name?: string }) {
  const text = useScheduleText();
  return (
    <Badge color={STATUS_COLOR[status]} style={FULL} data-testid="schedule-status" data-status={status}>
      {name ?? text.status(status)}
    </Badge>
  );
}

/** Marks a flush order (one batch of the line's flush material between two classes). */
export function FlushBadge() {
  const { t } = useScheduleText();
  return (
    <Badge color="#5f3dc4" style={FULL} leftSection={<span aria-hidden="true">⟲</span>} data-testid="flush-badge">
      {t('web.schedules.flush')}
    </Badge>
  );
}

/** Shown once an order is released: its recipe version never changes again. */
export function PinnedBadge() {
  const { t } = useScheduleText();
  return (
    <Badge color="#364fc7" size="sm" style={FULL} title={t('web.schedules.pinnedHint')} data-testid="pinned-badge">
      {t('web.schedules.pinned')}
    </Badge>
  );
}

/** The recipe an order runs: code and version (with the pinned marker once released), or the flush badge. */
export function RecipeCell({ record: r }: { record: Pick<ScheduleRecord, 'kind' | 'recipeCode' | 'recipeVersion' | 'pinned'> }) {
  const { t } = useScheduleText();
  if (r.kind === 'FLUSH') return <FlushBadge />;
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{r.recipeCode ? t('web.schedules.recipeVersion', { code: r.recipeCode, version: r.recipeVersion ?? '—' }) : '—'}</span>
      {r.pinned ? <PinnedBadge /> : null}
    </span>
  );
}
