/**
 * The report calls over the api: one query hook for every report (keyed by path and query),
 * every page of a paged list for the exports, and the server-drawn PDF of a report
 * (`POST <report path>/generatePdf?<the report's query>`). Each call's answer is typed by its
 * path, from the api's document (`AnswerOf`), so a screen cannot read a report as another.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { download, query, request } from '@/lib/api-client';
import type { AnswerOf, ReportParams, ReportPath, RowsField, RowsOf } from './report-types';
import { REPORT_PATHS } from './report-types';

export const reportKeys = {
  all: ['reports'] as const,
  report: (path: string, params: ReportParams) => ['reports', path, query(params)] as const,
};

/** The query string of a report call (the same for its PDF). */
export const reportQuery = (params: ReportParams): string => query(params);

/** One report answer's data; a failure throws the `ApiError` carrying the envelope. */
export async function fetchReport<P extends ReportPath>(path: P, params: ReportParams, signal?: AbortSignal): Promise<AnswerOf<P>> {
  const env = await request<AnswerOf<P>>('GET', `${path}${reportQuery(params)}`, { signal });
  return env.data as AnswerOf<P>;
}

/** A report (null params: not asked yet, e.g. while the default range loads). */
export function useReport<P extends ReportPath>(path: P, params: ReportParams | null) {
  return useQuery<AnswerOf<P>>({
    queryKey: params ? reportKeys.report(path, params) : ['reports', path, 'none'],
    queryFn: ({ signal }) => fetchReport(path, params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** Rows per page when the exports fetch the whole batch list (the api's maximum). */
export const EXPORT_PAGE = 1000;

/** Every row of a paged report's list `field`, page by page; `onProgress` gets the share fetched (0–1). */
export function fetchAll<P extends ReportPath, F extends keyof AnswerOf<P> & string>(path: P, field: F) {
  return async (params: ReportParams, onProgress: (fraction: number) => void): Promise<RowsOf<P, F>[]> => {
    const rows: RowsOf<P, F>[] = [];
    for (let page = 1; ; page += 1) {
      // A paged list's answer: its rows under `field` and the count of every page.
      const answer = (await fetchReport(path, { ...params, page: String(page), limit: String(EXPORT_PAGE) })) as unknown as Record<F, RowsOf<P, F>[] | undefined> & { total: number };
      const got = answer[field] ?? [];
      rows.push(...got);
      const pages = Math.max(1, Math.ceil(answer.total / EXPORT_PAGE));
      onProgress(Math.min(1, page / pages));
      if (page >= pages || got.length === 0) return rows;
    }
  };
}

/** Every batch of the range (the batch list's exports). */
export const fetchAllCharges = fetchAll(REPORT_PATHS.charges, 'rows');

/** What the server needs to draw a report as PDF (spec §7 PDF exports). */
export interface PdfBody {
  /** The screen's title, translated. */
  heading: string;
  /** The document's (and file's) title. */
  title?: string;
  /** The column headings as shown, translated. */
  headers: string[];
  /** For each heading, the dotted path of its value in a row of the report's answer. */
  matchKeys: string[];
  /** The array of the answer that holds the rows. */
  data: RowsField;
  /** The charts shown, as PNG data URLs. */
  images: string[];
  imageTitles?: string[];
}

/** The report drawn by the server as PDF, downloaded with progress. */
export function reportPdf(path: ReportPath, params: ReportParams, body: PdfBody, onProgress: (fraction: number | null) => void): Promise<Blob> {
  return download(`${path}/generatePdf${reportQuery(params)}`, onProgress, { method: 'POST', body });
}
