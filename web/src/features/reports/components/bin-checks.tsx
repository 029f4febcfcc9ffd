/**
 * What the bin history checks of every bin, above its table: bins whose closing level is not
 * opening + filled − dosed − emptied (a movement lost, counted twice, or a level the plant reset),
 * and bins whose level went above their capacity. Silent when every bin adds up.
 */
import { Alert, List } from '@mantine/core';
import type { Ref } from 'react';
import type { BinHistory } from '../api/report-types';
import { useReportFormat } from '../hooks/use-report-format';
import { BinLevelChart } from './bin-level-chart';
import type { ChartHandle } from './report-chart';

export function BinChecks({ answer }: { answer: BinHistory }) {
  const fmt = useReportFormat();
  const off = answer.bins.filter((b) => !b.reconciled);
  const over = answer.bins.filter((b) => b.overCapacity);
  if (off.length === 0 && over.length === 0) return null;
  const name = (b: BinHistory['bins'][number]) => [b.lineName, b.binId].filter(Boolean).join(' · ');
  return (
    <Alert color="red" variant="light" mb="md" title={fmt.t('web.report.binChecks')} data-testid="bin-checks">
      <List size="sm">
        {off.map((b) => (
          <List.Item key={`off-${b.lineId}-${b.binId}`}>
            {fmt.t('web.report.binOff', {
              bin: name(b),
              opening: fmt.kg(b.openingKg ?? 0),
              net: fmt.kg(b.netKg),
              expected: fmt.kg(b.expectedClosingKg ?? 0),
              closing: fmt.kg(b.closingKg ?? 0),
              discrepancy: fmt.kg(b.discrepancyKg ?? 0),
            })}
          </List.Item>
        ))}
        {over.map((b) => (
          <List.Item key={`over-${b.lineId}-${b.binId}`}>
            {fmt.t('web.report.binOver', { bin: name(b), peak: fmt.kg(b.peakKg ?? b.closingKg ?? 0), capacity: fmt.kg(b.capacityKg ?? 0) })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Above the bins' table: the checks, then the chosen bin's level. */
export function BinAbove({ answer, chartRef }: { answer: BinHistory; chartRef: Ref<ChartHandle> }) {
  return (
    <>
      <BinChecks answer={answer} />
      <BinLevelChart answer={answer} chartRef={chartRef} />
    </>
  );
}
