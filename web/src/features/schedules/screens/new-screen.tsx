import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { useLines } from '@/lib/use-lines';
import { ScheduleForm } from '../components/form/schedule-form';
import { ScreenTitle } from '../components/screen-frame';
import { useScheduleText } from '../hooks/use-schedule-text';

/** /scheduling/productionschedules/new: a new order on the line of `?lineId` (else the first line). */
export default function NewScheduleScreen() {
  const { t } = useScheduleText();
  const [params] = useSearchParams();
  const { lines, loading } = useLines();
  const wanted = params.get('lineId');
  const lineId = lines.some((l) => l._id === wanted) ? wanted : (lines[0]?._id ?? null);
  return (
    <section aria-labelledby="screen-title">
      <ScreenTitle>{t('web.schedules.new')}</ScreenTitle>
      {loading ? <Spinner fill /> : <ScheduleForm initialLineId={lineId} />}
    </section>
  );
}
