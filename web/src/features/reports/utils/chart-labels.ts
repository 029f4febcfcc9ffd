/**
 * Labels that tell every bar of a chart apart: a label two rows share (a recipe version, an
 * order or a shift on two lines) gets the row's line name.
 */
export function distinctLabels<R>(labels: readonly string[], rows: readonly R[]): string[] {
  const seen = new Map<string, number>();
  for (const l of labels) seen.set(l, (seen.get(l) ?? 0) + 1);
  return labels.map((l, i) => {
    const line = (rows[i] as { lineName?: unknown } | undefined)?.lineName;
    return (seen.get(l) ?? 0) > 1 && typeof line === 'string' && line ? `${l} · ${line}` : l;
  });
}
