/**
 * Plant time (`plant-time.ts`) for a screen: how instants read for `lineId` — the line's zone,
 * for every line their common zone else UTC — in the user's language.
 */
import { useIntl } from 'react-intl';
import { plantFormat, zoneOf, type PlantFormat } from './plant-time';
import { useLines } from './use-lines';

export function usePlantTime(lineId?: string | null): PlantFormat {
  const { locale } = useIntl();
  const { lines } = useLines();
  const zone = zoneOf(lines, lineId);
  return plantFormat(locale, zone);
}
