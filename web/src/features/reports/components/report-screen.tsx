/**
 * The frame of every report screen: its heading, the filter bar (with the screen's own
 * controls), then its sections once the range is known. Screens are declarations over this:
 *
 *   <ReportScreen title="web.screen.productionByRecipe" filters={FILTERS}>
 *     <ReportSection spec={RECIPES} />
 *   </ReportScreen>
 */
import { Title } from '@mantine/core';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '@/components/spinner';
import { ReportContext, type ReportContextValue } from '../hooks/report-context';
import { useReportFilters, type FilterSpec } from '../hooks/use-report-filters';
import { FilterBar } from './filter-bar';

export interface ReportScreenProps {
  /** Message id of the screen's title. */
  title: string;
  filters: FilterSpec;
  /** The screen's own controls, shown in the filter bar (a grouping, a material). */
  controls?: ReactNode;
  /** Shown between the filter bar and the sections (a drill-down note). */
  note?: ReactNode;
  children: ReactNode;
}

type SectionErrors = Record<string, Record<string, string>>;

export function ReportScreen({ title, filters, controls, note, children }: ReportScreenProps) {
  const intl = useIntl();
  const state = useReportFilters(filters);
  const [sectionErrors, setSectionErrors] = useState<SectionErrors>({});
  const report = useCallback((section: string, errors: Record<string, string> | null) => {
    setSectionErrors((all) => {
      const now = errors ?? {};
      if (JSON.stringify(all[section] ?? {}) === JSON.stringify(now)) return all;
      return { ...all, [section]: now };
    });
  }, []);
  const errors = useMemo(() => Object.assign({}, ...Object.values(sectionErrors)) as Record<string, string>, [sectionErrors]);
  const heading = intl.formatMessage({ id: title });
  const value: ReportContextValue = { ...state, spec: filters, title: heading, errors, report };

  return (
    <ReportContext.Provider value={value}>
      <section aria-labelledby="screen-title" data-testid="report-screen">
        <Title order={1} size="h2" id="screen-title" mb="md">
          {heading}
        </Title>
        <FilterBar>{controls}</FilterBar>
        {note}
        {state.ready ? children : <Spinner fill />}
      </section>
    </ReportContext.Provider>
  );
}
