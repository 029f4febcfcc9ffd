import { ShiftLogListPage } from '../components/shift-log-list-page';

/** /shiftlog. */
export default function ShiftLogScreen() {
  return <ShiftLogListPage />;
}
