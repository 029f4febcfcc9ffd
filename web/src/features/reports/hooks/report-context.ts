/**
 * What a report screen shares with its filter bar and its sections: the filters, the screen's
 * title, and the field errors the server answered (shown next to the filter they name).
 */
import { createContext, useContext } from 'react';
import type { FilterSpec, ReportFilters } from './use-report-filters';

export interface ReportContextValue extends ReportFilters {
  spec: FilterSpec;
  /** The screen's title, translated (the PDF's heading). */
  title: string;
  /** The server's field errors of every section, by field. */
  errors: Record<string, string>;
  /** A section's field errors (null: none). */
  report: (section: string, errors: Record<string, string> | null) => void;
}

export const ReportContext = createContext<ReportContextValue | null>(null);

export function useReportContext(): ReportContextValue {
  const ctx = useContext(ReportContext);
  if (!ctx) throw new Error('a report part outside a ReportScreen');
  return ctx;
}
