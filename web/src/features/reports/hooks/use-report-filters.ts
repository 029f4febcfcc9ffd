/**
 * A report screen's filters: read from the URL (seeded by a drill-down route's parameters),
 * changed by pushing a new URL (so back/forward step through them), and completed with the
 * default range of `/api/shifts/defaultfromtodate` when the URL has none (written back with
 * `replace`, so the address then reproduces the report). A failure of the default range shows
 * the server's message or "Error Getting Dates" (§8) and falls back to today so far.
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useErrorNotice } from '@/lib/use-error-notice';
import { zoneOf } from '@/lib/plant-time';
import { useLines } from '@/lib/use-lines';
import { useDefaultRange } from '../api/filter-options-api';
import { ALL_LINES, PARAM, readValues, seedsOf, writeValues, type FilterName, type Values } from '../utils/filters';
import { todaySoFar } from '../utils/dates';

export interface FilterSpec {
  /** The pickers of the bar (the range is always there). */
  pickers: readonly FilterName[];
  /** The screen's own parameters with their defaults (`{ groupBy: 'material' }`). */
  own?: Values;
}

export interface ReportFilters {
  /** Every filter of the screen, '' where not filtered. */
  values: Values;
  /** The route's seeds (a drill-down). */
  seeds: Values;
  /** True once the range is known. */
  ready: boolean;
  /** Changes filters (a new history entry); tables go back to their first page. */
  set: (patch: Values) => void;
}

/** The line whose default range applies: the chosen one, else every line's (null: not known yet, or no line configured). */
function rangeLine(lineId: string, lines: { _id: string }[], loading: boolean): string | null {
  if (lineId && lineId !== ALL_LINES) return lineId;
  return loading || lines.length === 0 ? null : ALL_LINES;
}

export function useReportFilters(spec: FilterSpec): ReportFilters {
  const [search, setSearch] = useSearchParams();
  // The address as last rendered, for every write: react-router hands a functional update the
  // parameters of the render that made its setter, so a write from a callback an older render
  // made (a date input reporting late, on a loaded machine) undid a newer one, such as the rows
  // per page just chosen.
  const latest = useRef(search);
  useLayoutEffect(() => {
    latest.current = search;
  }, [search]);
  const routeParams = useParams();
  const seeds = useMemo(() => seedsOf(routeParams), [routeParams]);
  const own = spec.own;
  const defaults = useMemo<Values>(() => ({ [PARAM.line]: ALL_LINES, ...own }), [own]);
  const keys = useMemo(() => [PARAM.line, PARAM.from, PARAM.to, ...spec.pickers.map((p) => PARAM[p]), ...Object.keys(own ?? {})], [spec.pickers, own]);
  const values = useMemo(() => readValues(search, keys, seeds, defaults), [search, keys, seeds, defaults]);

  const missing = !values[PARAM.from] || !values[PARAM.to];
  const { lines, loading } = useLines();
  const line = missing ? rangeLine(values[PARAM.line], lines, loading) : null;
  const range = useDefaultRange(line);
  const showError = useErrorNotice('web.error.dates');

  // No line to ask about (none configured): today so far, without asking.
  const noLine = missing && !loading && line === null;
  useEffect(() => {
    if (!missing) return;
    let found: { from: string; to: string } | null = null;
    if (range.data) found = { from: range.data.fromDate, to: range.data.toDate };
    else if (range.isError || noLine) found = todaySoFar(new Date(), zoneOf(lines, values[PARAM.line]));
    if (!found) return;
    if (range.isError) showError(range.error);
    const patch: Values = {};
    if (!values[PARAM.from]) patch[PARAM.from] = found.from;
    if (!values[PARAM.to]) patch[PARAM.to] = found.to;
    setSearch(writeValues(latest.current, patch, seeds, defaults), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing, range.data, range.isError, noLine]);

  return {
    values,
    seeds,
    ready: !missing,
    set: (patch) => setSearch(writeValues(latest.current, patch, seeds, defaults)),
  };
}
