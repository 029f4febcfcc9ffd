import { ShiftLogEntryPage } from '../components/shift-log-entry-page';

/** /shiftlog/:id. */
export default function ShiftLogEntryScreen() {
  return <ShiftLogEntryPage />;
}
