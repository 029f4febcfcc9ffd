import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SignatureList } from '@/components/signature-list';
import type { ScheduleRecord } from '../../api/schedule-types';
import { useDeleteOrder } from '../../hooks/use-delete-order';
import { useScheduleAccess } from '../../hooks/use-schedule-access';
import { useScheduleText } from '../../hooks/use-schedule-text';
import { useStatusMove } from '../../hooks/use-status-move';
import { schedulePaths } from '../../utils/paths';
import { DeleteOrderDialog } from '../delete-order-dialog';
import { MoveDialog } from '../move-dialog';
import { OrderActions } from '../order-actions';
import { OrderProgress } from '../order-progress';
import { FlushBadge, PinnedBadge, StatusBadge } from '../status-badge';
import { BatchesTable } from './batches-table';
import { ControlProblems, ControlRecipeView } from './control-recipe';
import { HistoryTable } from './history-table';
import { ScheduleFacts } from './schedule-facts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * One order: where it stands, its moves, its facts, the electronic signature of its release (a
 * medicated order), the control recipe, the batches it produced and its history.
 */
export function ScheduleViewPage({ record: r }: { record: ScheduleRecord }) {
  const { t } = useScheduleText();
  const navigate = useNavigate();
  const access = useScheduleAccess();
  const moves = useStatusMove();
  const remove = useDeleteOrder(() => void navigate(schedulePaths.list(r.lineId)));
  const recipe =
    r.kind === 'FLUSH'
      ? r.name
      : r.recipeCode
        ? t('web.schedules.recipeVersionName', { code: r.recipeCode, name: r.recipeName ?? '', version: r.recipeVersion ?? '—' })
        : '—';
  return (
    <section aria-labelledby="screen-title">
      <Stack gap="lg">
        <div>
          <Group gap="sm" wrap="wrap" align="center" data-testid="view-header">
            <Title order={1} size="h2" id="screen-title">
              {t('web.schedules.view.title', { order: r.orderNumber })}
            </Title>
            <StatusBadge status={r.status} name={r.statusName} />
            {r.kind === 'FLUSH' ? <FlushBadge /> : null}
            {r.pinned ? <PinnedBadge /> : null}
          </Group>
          <Text size="sm" mt={4} data-testid="schedule-summary">
            {t('web.schedules.view.summary', { name: r.name, line: r.lineName || r.lineCode, recipe })}
          </Text>
        </div>
        <div style={{ maxWidth: 520 }}>
          <OrderProgress record={r} size="lg" />
          {r.onBoard ? (
            <Text size="xs" c="dimmed" mt={4}>
              {t('web.schedules.live')}
            </Text>
          ) : null}
        </div>
        <Group gap="xs" wrap="wrap" data-testid="view-actions">
          <OrderActions record={r} access={access} size="sm" onMove={moves.ask} onDelete={remove.ask} />
        </Group>
        {r.carryOver ? (
          <Text size="sm" data-testid="carry-over-risk">
            <span aria-hidden="true">⚠ </span>
            <Text span fw={700} size="sm">
              {t('web.schedules.carryOver.risk')}
            </Text>{' '}
            {r.carryOver.message}
          </Text>
        ) : null}
        <ScheduleFacts record={r} />
        <SignatureList signatures={r.signatures ?? []} />
        <Section id="control-title" title={t('web.schedules.control.title')}>
          <Stack gap="md">
            {r.controlProblems && r.controlProblems.length > 0 ? <ControlProblems problems={r.controlProblems} /> : null}
            {r.controlRecipe ? <ControlRecipeView recipe={r.controlRecipe} frozen={r.pinned} /> : null}
          </Stack>
        </Section>
        <Section id="batches-title" title={t('web.schedules.batches.title')}>
          <BatchesTable batches={r.producedBatches ?? []} lineId={r.lineId} />
        </Section>
        <Section id="history-title" title={t('web.schedules.history.title')}>
          <HistoryTable entries={r.history ?? []} lineId={r.lineId} />
        </Section>
        <div>
          <Anchor component={Link} to={schedulePaths.list(r.lineId)}>
            {t('web.schedules.backToList')}
          </Anchor>
        </div>
      </Stack>
      <MoveDialog state={moves} canFlush={access.create} />
      <DeleteOrderDialog target={remove.target} busy={remove.busy} onConfirm={remove.confirm} onClose={remove.close} />
    </section>
  );
}
