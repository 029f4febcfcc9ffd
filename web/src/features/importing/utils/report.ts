/**
 * The problems of an import file from either answer: validate's report (`errors: [{row,
 * column, message}]`) or import's 400, whose `errors` are keyed `<row>.<column>`. Keys that
 * name no row (`type`, `lineId`, `file`) are problems of the request, not of a row.
 */
import type { RowError } from '../api/importing-api';

const ROW_KEY = /^(\d+)\.(.*)$/s;

export function splitErrors(errors: Record<string, string> | undefined): { rows: RowError[]; fields: Record<string, string> } {
  const rows: RowError[] = [];
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const m = ROW_KEY.exec(key);
    if (m) rows.push({ row: Number(m[1]), column: m[2], message });
    else fields[key] = message;
  }
  return { rows: sortRows(rows), fields };
}

/** By row (numerically: the server's keys sort "10." before "2."), else as sent. */
export function sortRows(rows: RowError[]): RowError[] {
  return rows.map((r, i) => ({ r, i })).sort((a, b) => a.r.row - b.r.row || a.i - b.i).map(({ r }) => r);
}
