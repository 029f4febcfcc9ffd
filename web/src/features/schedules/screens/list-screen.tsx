import { ScheduleListPage } from '../components/list/schedule-list-page';

/** /scheduling/productionschedules */
export default function ScheduleListScreen() {
  return <ScheduleListPage />;
}
