/**
 * The SPC screens' own controls in the filter bar: what is charted (the dosing error of a
 * material, optionally on one scale, or a batch's mean of a report parameter; the consumption
 * graph charts a material), the chart (individuals/moving range, or subgroup means and ranges
 * with the subgroup's size), the baseline the control limits come from, and the run rules as
 * checkboxes, each with its name and description. Each is labelled and shows the server's error
 * on its field.
 */
import { Checkbox, Fieldset, Group, SimpleGrid, Text } from '@mantine/core';
import { useId } from 'react';
import { PlantDateTimeInput } from '@/components/plant-date-time-input';
import { ChartKind, SpcSubject } from '@/generated/enums';
import { LIMITS } from '@/lib/limits';
import { useScaleOptions } from '../api/filter-options-api';
import { useSpcMaterials, useSpcParameters, type SpcKind } from '../api/spc-api';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import { PARAM } from '../utils/filters';
import { isParameter, oneLine, parseRules, RULE_GROUPS, ruleName, ruleText, rulesValue, SPC } from '../utils/spc-params';
import { CodePicker, FilterPicker } from './filter-bar';

const SUBJECTS = SpcSubject.map((s) => ({ value: s, label: `web.spc.subject.${s}` }));
const CHARTS = ChartKind.map((c) => ({ value: c, label: `web.spc.chart.${c}` }));
const SIZES = Array.from({ length: LIMITS.subgroupMax - LIMITS.subgroupMin + 1 }, (_, i) => String(i + LIMITS.subgroupMin)).map((n) => ({ value: n, label: n }));

function MaterialPicker() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const materials = useSpcMaterials(oneLine(values), values[PARAM.from], values[PARAM.to]);
  const options = (materials.data ?? []).map((m) => ({ value: m.code, label: m.name ? `${m.code} · ${m.name}` : m.code }));
  return <FilterPicker param={SPC.material} label={t('web.report.filter.material')} options={options} testId="spc-material" />;
}

function ScalePicker() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const scales = useScaleOptions(values[PARAM.line]);
  return <CodePicker param={SPC.scale} label={t('web.report.filter.scale')} anyLabel={t('web.report.filter.everyScale')} records={scales.data ?? []} testId="spc-scale" />;
}

function ParameterPicker() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const parameters = useSpcParameters(oneLine(values), true);
  const options = (parameters.data ?? []).map((p) => ({ value: p.code, label: [p.code, p.name, p.unit ? `(${p.unit})` : ''].filter(Boolean).join(' · ') }));
  return <FilterPicker param={SPC.parameter} label={t('web.spc.parameter')} options={options} testId="spc-parameter" />;
}

/** The window the control limits come from: two instants and what they mean. */
function Baseline() {
  const { t, zone } = useReportFormat();
  const { values, set, errors } = useReportContext();
  const hint = useId();
  const input = (param: string, label: string, testId: string) => (
    <PlantDateTimeInput
      label={t(label)}
      value={values[param]}
      zone={zone}
      onChange={(next) => set({ [param]: next ?? '' })}
      error={errors[param]}
      aria-describedby={hint}
      w={190}
      data-testid={testId}
    />
  );
  return (
    <Fieldset legend={t('web.spc.baseline')} variant="unstyled" maw={560}>
      <Group gap="md" align="flex-start">
        {input(SPC.baselineFrom, 'web.spc.baselineFrom', 'spc-baseline-from')}
        {input(SPC.baselineTo, 'web.spc.baselineTo', 'spc-baseline-to')}
      </Group>
      <Text id={hint} size="xs" c="dimmed" mt={4} data-testid="spc-baseline-hint">
        {t('web.spc.baselineHint')}
      </Text>
    </Fieldset>
  );
}

/** The run rules, each a checkbox with its name and description, in two groups. */
function Rules() {
  const { t } = useReportFormat();
  const { values, set, errors } = useReportContext();
  const chosen = parseRules(values[SPC.rules]);
  return (
    <Fieldset legend={t('web.spc.rules')} w="100%" data-testid="spc-rules">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {RULE_GROUPS.map((g) => (
          <Checkbox.Group
            key={g.id}
            label={t(`web.spc.rules.${g.id}`)}
            value={chosen.filter((r) => g.rules.includes(r))}
            onChange={(mine) => set({ [SPC.rules]: rulesValue([...chosen.filter((r) => !g.rules.includes(r)), ...mine]) })}
          >
            <Group gap="xs" mt={4} align="flex-start">
              {g.rules.map((r) => (
                <Checkbox key={r} value={r} label={`${r} – ${t(ruleName(r))}`} description={t(ruleText(r))} w={250} data-testid={`spc-rule-${r}`} />
              ))}
            </Group>
          </Checkbox.Group>
        ))}
      </SimpleGrid>
      {errors[SPC.rules] ? (
        <Text c="red" size="sm" role="alert">
          {errors[SPC.rules]}
        </Text>
      ) : null}
    </Fieldset>
  );
}

export function SpcControls({ kind }: { kind: SpcKind }) {
  const { values } = useReportContext();
  const { t } = useReportFormat();
  const parameter = kind === 'batch' && isParameter(values);
  const translated = (options: { value: string; label: string }[]) => options.map((o) => ({ value: o.value, label: t(o.label) }));
  return (
    <>
      {kind === 'batch' ? <FilterPicker param={SPC.subject} label={t('web.spc.subject')} options={translated(SUBJECTS)} testId="spc-subject" miw={300} /> : null}
      {parameter ? <ParameterPicker /> : <MaterialPicker />}
      {parameter ? null : <ScalePicker />}
      <FilterPicker param={SPC.chart} label={t('web.spc.chart')} options={translated(CHARTS)} testId="spc-chart-kind" miw={320} />
      {values[SPC.chart] === 'XBAR_R' ? <FilterPicker param={SPC.subgroup} label={t('web.spc.subgroup')} options={SIZES} testId="spc-subgroup" miw={120} /> : null}
      <Baseline />
      <Rules />
    </>
  );
}
