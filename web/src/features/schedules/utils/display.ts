/** Values of a control recipe as the view shows them. */

export interface ValueText {
  num: (n: number) => string;
  yesNo: (b: boolean) => string;
}

/** A parameter value with its unit: "82 °C", "yes", "FAST"; '—' when empty. */
export function valueText(value: unknown, unit: string | null | undefined, text: ValueText): string {
  if (value === null || value === undefined || value === '') return '—';
  const u = unit ? ` ${unit}` : '';
  if (typeof value === 'boolean') return text.yesNo(value);
  if (typeof value === 'number') return `${text.num(value)}${u}`;
  if (typeof value === 'string') return `${value}${u}`;
  return JSON.stringify(value);
}

/** Done of all, in percent, whole numbers (the bars' value). */
export const percentOf = (progress: number): number => Math.round(Math.min(1, Math.max(0, progress)) * 100);
