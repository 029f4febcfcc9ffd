/**
 * The audit trail's formatting in the user's language: messages, counts, and instants to the
 * second in plant time — the zone of `lineId`; for every line (or none) their common zone,
 * else UTC.
 */
import { useIntl } from 'react-intl';
import { plantFormat, zoneOf } from '@/lib/plant-time';
import { useLines } from '@/lib/use-lines';

export type Values = Record<string, string | number>;

export function useAuditText(lineId?: string | null) {
  const intl = useIntl();
  const { lines } = useLines();
  const zone = zoneOf(lines, lineId);
  const plant = plantFormat(intl.locale, zone);
  const t = (id: string, values?: Values) => intl.formatMessage({ id }, values);
  return {
    t,
    lines,
    zone,
    /** "1,234". */
    count: (n: number) => intl.formatNumber(n, { maximumFractionDigits: 0 }),
    /** "Nov 25, 2026, 14:05:03" in the zone. */
    at: (iso: string) => plant.dateTimeSeconds(iso),
    /** Who did it: the user, or "(system)" for what the plant or the server did by itself. */
    actor: (actor: string | null | undefined) => actor || t('web.audit.system'),
  };
}

export type AuditText = ReturnType<typeof useAuditText>;
