import { AlarmConsole } from '../components/alarm-console';

/** /alarms and /alarms/:lineId. */
export default function AlarmsScreen() {
  return <AlarmConsole />;
}
