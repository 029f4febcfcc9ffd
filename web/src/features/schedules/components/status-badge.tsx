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

/**
 * An order pinned to a version that no longer holds the production level: replaced by another
 * version, or withdrawn. In words and with an icon, not by colour alone.
 */
export function VersionChangeBadge({ record: r }: { record: Pick<ScheduleRecord, 'recipeChange' | 'currentVersion'> }) {
  const { t } = useScheduleText();
  if (!r.recipeChange) return null;
  const text = r.recipeChange === 'REPLACED' ? t('web.schedules.versionReplaced', { version: r.currentVersion ?? '—' }) : t('web.schedules.versionWithdrawn');
  return (
    <Badge color="#b02a37" size="sm" style={FULL} leftSection={<span aria-hidden="true">⚠</span>} title={t('web.schedules.versionChangedHint')} data-testid="version-change" data-change={r.recipeChange}>
      {text}
    </Badge>
  );
}

/** A released order whose planned start has passed: late, and when it is expected to start. */
export function LateBadge({ record: r }: { record: Pick<ScheduleRecord, 'late' | 'expectedStart' | 'lineId'> }) {
  const text = useScheduleText();
  if (!r.late) return null;
  return (
    <Badge color="#a65b00" size="sm" style={FULL} leftSection={<span aria-hidden="true">⏱</span>} data-testid="late-badge">
      {r.expectedStart ? text.t('web.schedules.lateExpected', { at: text.dateTime(r.expectedStart, r.lineId) }) : text.t('web.schedules.late')}
    </Badge>
  );
}

/** The recipe an order runs: code and version (with the pinned marker once released, and what became of the version since), or the flush badge. */
export function RecipeCell({ record: r }: { record: Pick<ScheduleRecord, 'kind' | 'recipeCode' | 'recipeVersion' | 'pinned' | 'recipeChange' | 'currentVersion'> }) {
  const { t } = useScheduleText();
  if (r.kind === 'FLUSH') return <FlushBadge />;
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{r.recipeCode ? t('web.schedules.recipeVersion', { code: r.recipeCode, version: r.recipeVersion ?? '—' }) : '—'}</span>
      {r.pinned ? <PinnedBadge /> : null}
      <VersionChangeBadge record={r} />
    </span>
  );
}
