/**
 * The PCS screens' own filters: the material code pressed (`getmaterialcodes` of the line and
 * range), the pressure sensor (those of the chosen material, else of every one), the band
 * around the setpoint a reading counts as within (% of it, 0–100, applied on leaving the field
 * or Enter) and the chart's type — the pressure alone (`PRESSURE`) or with its setpoint
 * (`BOTH`, §9).
 */
import { Box, Input, NumberInput, SegmentedControl } from '@mantine/core';
import { useId, useState } from 'react';
import { REPORT_PATHS } from '../api/report-types';
import { useReport } from '../api/reports-api';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import { apiParams, backwards, PARAM } from '../utils/filters';
import { BOTH, PCS_PARAM, PRESSURE } from '../utils/pcs-types';
import { FilterPicker } from './filter-bar';

function useMaterialCodes() {
  const { values } = useReportContext();
  const from = values[PARAM.from];
  const to = values[PARAM.to];
  // Not asked before the range is known (the api needs one: 400 without).
  const params = !from || !to || backwards(from, to) ? null : apiParams({ [PARAM.line]: values[PARAM.line], [PARAM.from]: from, [PARAM.to]: to });
  return useReport(REPORT_PATHS.pcsMaterialCodes, params).data ?? [];
}

/** The material code and sensor pickers. */
export function PcsPickers() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const codes = useMaterialCodes();
  const chosen = values[PCS_PARAM.material];
  const sensors = [...new Set(codes.filter((c) => !chosen || c.materialCode === chosen).flatMap((c) => c.sensors))].sort();
  return (
    <>
      <FilterPicker
        param={PCS_PARAM.material}
        label={t('web.pcs.filter.material')}
        anyLabel={t('web.pcs.filter.everyMaterial')}
        options={codes.map((c) => ({ value: c.materialCode, label: c.materialCode }))}
        testId="filter-material-code"
      />
      <FilterPicker
        param={PCS_PARAM.sensor}
        label={t('web.pcs.filter.sensor')}
        anyLabel={t('web.pcs.filter.everySensor')}
        options={sensors.map((s) => ({ value: s, label: s }))}
        testId="filter-sensor"
        miw={160}
      />
    </>
  );
}

/** The band around the setpoint, % of it. */
export function BandInput() {
  const { t } = useReportFormat();
  const { values, set, errors } = useReportContext();
  const current = values[PCS_PARAM.band];
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null) return;
    const n = Number(typed);
    if (typed !== '' && Number.isFinite(n) && n >= 0 && n <= 100 && typed !== current) set({ [PCS_PARAM.band]: String(n) });
    setTyped(null);
  };
  return (
    <NumberInput
      label={t('web.pcs.filter.band')}
      value={typed ?? current}
      onChange={(v) => setTyped(String(v))}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      min={0}
      max={100}
      step={0.5}
      decimalScale={2}
      suffix=" %"
      error={errors[PCS_PARAM.band]}
      w={150}
      data-testid="filter-band"
    />
  );
}

/** The pressure alone, or with its setpoint. */
export function TypeSwitch() {
  const { t } = useReportFormat();
  const { values, set } = useReportContext();
  const label = useId();
  return (
    <Box>
      <Input.Label labelElement="div" id={label} display="block" mb={4}>
        {t('web.pcs.filter.type')}
      </Input.Label>
      <SegmentedControl
        aria-labelledby={label}
        value={values[PCS_PARAM.type] === BOTH ? BOTH : PRESSURE}
        onChange={(v) => set({ [PCS_PARAM.type]: v })}
        data={[
          { value: PRESSURE, label: t('web.pcs.type.PRESSURE') },
          { value: BOTH, label: t('web.pcs.type.BOTH') },
        ]}
        data-testid="filter-type"
      />
    </Box>
  );
}
