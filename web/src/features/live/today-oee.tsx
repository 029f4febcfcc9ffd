/**
 * A line's OEE on its "Today" tile (its day so far, refreshed with the other figures): OEE large
 * as the other figures, availability, performance and quality small beneath it by their initial
 * (named in full for screen readers and on hover). Where a factor is not measurable it shows "—"
 * with the reason (OEE's in words under it, the others' as their tooltip). Nothing while the
 * api has no answer for the line.
 */
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import { FactorValue } from '@/features/reports/components/oee-value';
import { factorLabel, factorText, OEE_FACTORS } from '@/features/reports/utils/oee';
import { useTodayOee } from './today-api';

const SHORT: Record<string, string> = {
  availability: 'web.dashboard.oeeAvailabilityShort',
  performance: 'web.dashboard.oeePerformanceShort',
  quality: 'web.dashboard.oeeQualityShort',
};

export function TodayOee({ lineId, kiosk }: { lineId: string; kiosk: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const oee = useTodayOee();
  const row = oee.data?.find((r) => r.lineId === lineId);
  if (!row) return null;
  const main = factorText(row, 'oee', intl);
  return (
    <Box data-testid={`today-oee-${lineId}`}>
      <Text size="xs" c="dimmed">
        {t('web.dashboard.oee')}
      </Text>
      <Text size={kiosk ? 'xl' : 'lg'} fw={700} data-testid={`today-oee-value-${lineId}`}>
        {main.reason === null ? main.text : <span aria-hidden>{main.text}</span>}
      </Text>
      {main.reason === null ? null : (
        <Text size="xs" c="dimmed" maw={180} data-testid={`today-oee-reason-${lineId}`}>
          {main.reason}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap">
        {OEE_FACTORS.slice(1).map((f) => {
          const name = t(factorLabel(f));
          return (
            <Text key={f} size={kiosk ? 'sm' : 'xs'} data-testid={`today-oee-${f}-${lineId}`}>
              <span aria-hidden title={name}>
                {t(SHORT[f])}
              </span>
              <VisuallyHidden>{name}</VisuallyHidden> <FactorValue figures={row} factor={f} />
            </Text>
          );
        })}
      </Group>
    </Box>
  );
}
