import { useParams } from 'react-router-dom';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useSchedule } from '../api/schedules-api';
import { ScheduleScreenFallback } from '../components/screen-frame';
import { ScheduleViewPage } from '../components/view/schedule-view-page';
import { useScheduleText } from '../hooks/use-schedule-text';

/** /scheduling/productionschedules/view/{id} */
export default function ViewScheduleScreen() {
  const { t } = useScheduleText();
  const { id } = useParams();
  const order = useSchedule(id);
  useQueryErrorNotice(order);
  if (!order.data) return <ScheduleScreenFallback title={t('web.screen.productionSchedule')} pending={order.isPending} />;
  return <ScheduleViewPage record={order.data} />;
}
