/** The names of the files the screens offer: a title and a stamp in plant time. */
import { toZoneInput } from './plant-time';

/** A file-name friendly stamp of an instant: `2026-11-23_0600` (in `zone`, plant time); `range` when none. */
export function fileStamp(iso: string | Date, zone: string): string {
  const local = toZoneInput(iso, zone);
  return local ? local.replace('T', '_').replace(':', '') : 'range';
}

/**
 * A file name from a title and a stamp, `Consumption_by_Materials_2026-11-23_0600.csv`: the
 * title's accents dropped and anything but letters, digits, `.` and `-` made `_`; `fallback`
 * when nothing is left of it.
 */
export function fileName(title: string, stamp: string, ext: string, fallback = 'file'): string {
  const base = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '');
  return `${base || fallback}_${stamp}.${ext}`;
}
