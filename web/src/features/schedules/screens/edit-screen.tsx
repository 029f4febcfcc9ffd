import { Alert, Anchor } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useSchedule } from '../api/schedules-api';
import { ScheduleForm } from '../components/form/schedule-form';
import { ScheduleScreenFallback, ScreenTitle } from '../components/screen-frame';
import { StatusBadge } from '../components/status-badge';
import { useScheduleText } from '../hooks/use-schedule-text';
import { schedulePaths } from '../utils/paths';

/** /scheduling/productionschedules/edit/{id}: the form of a planned order; other orders say why they cannot change. */
export default function EditScheduleScreen() {
  const { t } = useScheduleText();
  const { id } = useParams();
  const order = useSchedule(id);
  useQueryErrorNotice(order);
  /** Bumped by "reload" after someone saved meanwhile: the form opens the order as saved now. */
  const [opened, setOpened] = useState(0);
  const r = order.data;
  if (!r) return <ScheduleScreenFallback title={t('web.schedules.editTitle')} pending={order.isPending} />;
  return (
    <section aria-labelledby="screen-title">
      <ScreenTitle aside={<StatusBadge status={r.status} name={r.statusName} />}>{t('web.schedules.editTitleOf', { order: r.orderNumber })}</ScreenTitle>
      {r.editable ? (
        <ScheduleForm key={`${r._id}/${opened}`} record={r} onReload={() => void order.refetch().then(() => setOpened((n) => n + 1))} />
      ) : (
        <Alert color="gray" variant="light" data-testid="schedule-not-editable">
          {t('web.schedules.notEditable', { status: r.statusName })}{' '}
          <Anchor component={Link} to={schedulePaths.view(r._id)}>
            {t('web.schedules.toView')}
          </Anchor>
        </Alert>
      )}
    </section>
  );
}
