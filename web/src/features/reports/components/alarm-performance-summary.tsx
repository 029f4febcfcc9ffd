/**
 * Above the alarm performance's per-line table: the selection's measures against ISA-18.2 — the
 * alarms, the average per 10 minutes (at most one acceptable, more than ten a flood), the shares
 * of acceptable and flood periods, the peak, chattering and standing alarms and the time to
 * acknowledge (median and 90th percentile) — each a card with its heading; without alarms, a
 * sentence saying so.
 */
import { Text } from '@mantine/core';
import type { AlarmPerformance } from '../api/report-types';
import { useReportFormat } from '../hooks/use-report-format';
import { ReportFigures } from './report-figures';

export function AlarmPerformanceSummary({ answer }: { answer: AlarmPerformance }) {
  const fmt = useReportFormat();
  const all = answer.all;
  if (all.alarms === 0)
    return (
      <Text role="status" mb="md" data-testid="alarm-kpis-empty">
        {fmt.t('web.report.alarmPerformance.noAlarms')}
      </Text>
    );
  const ack = all.acknowledgement;
  return (
    <ReportFigures
      label={fmt.t('web.report.alarmPerformance.kpis')}
      testId="alarm-kpis"
      headings={3}
      figures={[
        { id: 'alarms', label: fmt.t('web.report.alarmPerformance.kpi.alarms'), value: fmt.count(all.alarms), hint: fmt.t('web.report.alarmPerformance.kpi.alarmsHint', { periods: all.periods }) },
        { id: 'average', label: fmt.t('web.report.alarmPerformance.kpi.average'), value: fmt.kg(all.averagePerTenMinutes), hint: fmt.t('web.report.alarmPerformance.kpi.target') },
        { id: 'acceptable', label: fmt.t('web.report.alarmPerformance.kpi.acceptable'), value: fmt.share(all.acceptableShare), hint: fmt.t('web.report.alarmPerformance.kpi.acceptableHint') },
        { id: 'flood', label: fmt.t('web.report.alarmPerformance.kpi.flood'), value: fmt.share(all.floodShare), hint: fmt.t('web.report.alarmPerformance.kpi.floodHint', { count: all.floodPeriods }) },
        { id: 'peak', label: fmt.t('web.report.alarmPerformance.kpi.peak'), value: fmt.count(all.peakPerTenMinutes) },
        { id: 'chattering', label: fmt.t('web.report.alarmPerformance.kpi.chattering'), value: fmt.count(all.chattering), hint: fmt.t('web.report.alarmPerformance.kpi.chatteringHint') },
        { id: 'standing', label: fmt.t('web.report.alarmPerformance.kpi.standing'), value: fmt.count(all.standing), hint: fmt.t('web.report.alarmPerformance.kpi.standingHint') },
        {
          id: 'ackMedian',
          label: fmt.t('web.report.alarmPerformance.kpi.ackMedian'),
          value: fmt.elapsed(ack.medianS),
          hint: fmt.t('web.report.alarmPerformance.kpi.ackHint', { acknowledged: ack.acknowledged, unacknowledged: ack.unacknowledged }),
        },
        { id: 'ackP90', label: fmt.t('web.report.alarmPerformance.kpi.ackP90'), value: fmt.elapsed(ack.p90S) },
      ]}
    />
  );
}
