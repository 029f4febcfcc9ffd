/** How a lot's status looks: a colour dark enough for white text (WCAG AA) and a sign, beside its name. */
import type { LotStatus } from '../api/trace-types';

export const LOT_STATUS_COLOR: Record<LotStatus, string> = {
  QUARANTINE: '#a65b00',
  RELEASED: '#237032',
  BLOCKED: '#c92a2a',
};

export const LOT_STATUS_SIGN: Record<LotStatus, string> = {
  QUARANTINE: '⏸',
  RELEASED: '✓',
  BLOCKED: '✕',
};

/** Kilograms of the mass balance beyond which "unaccounted for" is flagged. */
export const UNACCOUNTED_KG = 0.5;

export const unaccounted = (kg: number): boolean => Math.abs(kg) > UNACCOUNTED_KG;
