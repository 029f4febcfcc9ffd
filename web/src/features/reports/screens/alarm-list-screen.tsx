/**
 * /reporting/pcs/report/alarms: the alarms raised in the range, newest first, a page at a time
 * from the server, of the line(s), the alarm codes and the severities chosen (`alarmCode` and
 * `severity`, comma-separated); each with its severity as a word on a coloured badge, raised,
 * acknowledged and cleared, and the batch it ran in (linking to it). Supervisors and admins
 * (`admins`) also see the alarm configuration and edit it.
 */
import { MultiSelect } from '@mantine/core';
import { allows, RULES } from '@/lib/access';
import { useSession } from '@/lib/session-store';
import { REPORT_PATHS } from '../api/report-types';
import { ALARM_COLUMNS, alarmKey } from '../components/batch-alarm-columns';
import { AlarmConfigSection } from '../components/batch-alarm-config';
import { ReportScreen } from '../components/report-screen';
import { pagedList, ReportSection, type SectionSpec } from '../components/report-section';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { useAlarmConfig } from '../utils/batch-api';
import { SEVERITIES, type AlarmRow } from '../utils/batch-types';

const CODE = 'alarmCode';
const SEVERITY = 'severity';

const FILTERS: FilterSpec = { pickers: ['line'], own: { [CODE]: '', [SEVERITY]: '' } };

const ALARMS: SectionSpec<AlarmRow> = {
  ...pagedList(REPORT_PATHS.alarms, 'rows'),
  id: '',
  columns: ALARM_COLUMNS,
  rowKey: alarmKey,
  empty: 'web.batch.empty.alarms',
};

/** A filter of several values, kept comma-separated in the address. */
function ManyPicker({ param, label, anyLabel, options, testId }: { param: string; label: string; anyLabel: string; options: { value: string; label: string }[]; testId: string }) {
  const { values, set, errors } = useReportContext();
  const chosen = (values[param] ?? '').split(',').filter(Boolean);
  const known = new Set(options.map((o) => o.value));
  const data = [...options, ...chosen.filter((c) => !known.has(c)).map((c) => ({ value: c, label: c }))];
  return (
    <MultiSelect
      label={label}
      placeholder={chosen.length === 0 ? anyLabel : undefined}
      data={data}
      value={chosen}
      onChange={(v) => set({ [param]: v.join(',') })}
      searchable={data.length > 8}
      clearable
      error={errors[param]}
      miw={200}
      maw={420}
      data-testid={testId}
    />
  );
}

function AlarmFilters() {
  const { t } = useReportFormat();
  const config = useAlarmConfig();
  const codes = (config.data ?? []).map((c) => ({ value: c.code, label: c.code }));
  return (
    <>
      <ManyPicker
        param={SEVERITY}
        label={t('web.batch.col.severity')}
        anyLabel={t('web.batch.filter.everySeverity')}
        options={SEVERITIES.map((s) => ({ value: s, label: t(`web.live.severity.${s}`) }))}
        testId="filter-severity"
      />
      <ManyPicker param={CODE} label={t('web.batch.filter.alarmCode')} anyLabel={t('web.batch.filter.everyCode')} options={codes} testId="filter-alarm-code" />
    </>
  );
}

export default function AlarmListScreen() {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  const admin = allows(RULES.admins, role, privileges);
  return (
    <ReportScreen title="web.batch.alarmList" filters={FILTERS} controls={<AlarmFilters />}>
      <ReportSection spec={ALARMS} />
      {admin ? <AlarmConfigSection /> : null}
    </ReportScreen>
  );
}
