import { Button, Group, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { usePlantTime } from '@/lib/use-plant-time';
import { ALL_LINES } from '../../api/schedule-types';
import { useSchedules, useStatuses } from '../../api/schedules-api';
import { useDeleteOrder } from '../../hooks/use-delete-order';
import { useFlushBefore } from '../../hooks/use-insert-flush';
import { useScheduleAccess } from '../../hooks/use-schedule-access';
import { useScheduleText } from '../../hooks/use-schedule-text';
import { useStatusMove } from '../../hooks/use-status-move';
import { fallbackRange } from '../../utils/dates';
import { backwards, readFilters, writeFilters, type ScheduleFilters as Filters } from '../../utils/filters';
import { schedulePaths } from '../../utils/paths';
import { anyOnBoard } from '../../utils/status';
import { CarryOverDialog } from '../carry-over/carry-over-dialog';
import { DeleteOrderDialog } from '../delete-order-dialog';
import { MoveDialog } from '../move-dialog';
import { ScheduleFilters } from './schedule-filters';
import { ScheduleTable } from './schedule-table';

/**
 * The planned-start range shown: the URL's, else from the start of yesterday to the end of the
 * day after tomorrow in plant time (the line's zone; for all lines their common zone, else
 * UTC). A planner looks ahead, so the reports' default (the current shift so far) would hide
 * the orders just planned (docs/decisions.md).
 */
function useRange(filters: Filters) {
  const { zone } = usePlantTime(filters.lineId);
  const [now] = useState(() => new Date());
  const fallback = useMemo(() => fallbackRange(now, zone), [now, zone]);
  return { from: filters.from ?? fallback.from, to: filters.to ?? fallback.to };
}

/** /scheduling/productionschedules: the orders of a line (or all), filtered, live while any is on the board. */
export function ScheduleListPage() {
  const { t } = useScheduleText();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { lines } = useLines();
  const access = useScheduleAccess();
  const statuses = useStatuses();
  const range = useRange(filters);
  const invalid = backwards(range.from, range.to);
  const list = useSchedules(!invalid ? { lineId: filters.lineId, statuses: filters.statuses, ...range } : null);
  const moves = useStatusMove();
  const remove = useDeleteOrder();
  const flush = useFlushBefore();
  const [carryOver, setCarryOver] = useState(false);
  const serverToError = list.error instanceof ApiError ? list.error.body?.errors?.toDateTime : undefined;
  useQueryErrorNotice({ isError: list.isError && !serverToError, error: list.error });
  useQueryErrorNotice(statuses);

  const update = (patch: Partial<Filters>) => setParams((p) => writeFilters(p, patch), { replace: true });
  const rows = list.data ?? [];

  let body;
  if (list.isPending && !invalid) body = <Spinner fill />;
  else if (rows.length === 0 || invalid)
    body = (
      <Text data-testid="schedule-empty" role="status">
        {t(filters.statuses.length > 0 ? 'web.schedules.noMatch' : 'web.schedules.empty')}
      </Text>
    );
  else
    body = (
      <>
        <Group justify="space-between" mb="xs">
          <Text size="sm" c="dimmed" role="status" data-testid="schedule-count">
            {t('web.schedules.count', { count: rows.length })}
          </Text>
          {anyOnBoard(rows) ? (
            <Text size="sm" c="dimmed" data-testid="schedule-live">
              {t('web.schedules.live')}
            </Text>
          ) : null}
        </Group>
        <ScheduleTable rows={rows} access={access} flushing={flush.pending} onMove={moves.ask} onDelete={remove.ask} onFlush={(r) => flush.insert(r._id)} />
      </>
    );

  return (
    <section aria-labelledby="screen-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2" id="screen-title">
          {t('web.screen.productionSchedule')}
        </Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => setCarryOver(true)} data-testid="carry-over-open">
            {t('web.schedules.carryOver.settings')}
          </Button>
          {access.create ? (
            <Button component={Link} to={schedulePaths.add(filters.lineId)} data-testid="schedule-new">
              {t('web.schedules.new')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <ScheduleFilters
        filters={filters}
        range={range}
        lines={lines}
        statuses={statuses.data}
        toError={invalid ? t('web.schedules.rangeBackwards') : serverToError}
        onChange={update}
      />
      {body}
      <MoveDialog state={moves} canFlush={access.create} />
      <DeleteOrderDialog target={remove.target} busy={remove.busy} onConfirm={remove.confirm} onClose={remove.close} />
      {carryOver ? (
        <CarryOverDialog lines={lines} initialLineId={filters.lineId === ALL_LINES ? (lines[0]?._id ?? null) : filters.lineId} canEdit={access.update} onClose={() => setCarryOver(false)} />
      ) : null}
    </section>
  );
}
