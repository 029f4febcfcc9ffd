/**
 * /reporting/diagnostics/realtime: the live feature's screen with the alarm feature's table of
 * the line's points and their handling. Composed here, as features import only the features
 * eslint.config.js lists for them (live does not import alarms).
 */
import { LineAlarms } from '@/features/alarms/components/line-alarms';
import RealtimeDiagnosticsPage from '@/features/live/realtime-diagnostics-page';

export default function RealtimeDiagnosticsScreen() {
  return <RealtimeDiagnosticsPage alarms={LineAlarms} />;
}
