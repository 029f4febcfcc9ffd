/**
 * The answers of the report calls (`/api/reports/<group>/<call>`), from the api's schemas.
 * The OpenAPI document names two structs `Report` (the reports' answer and the import's), and
 * the import's won, so `Envelope_Report` is typed as an import result: the wrapper of a grouped
 * report is written here from its rows and figures (api/src/reports/figures.rs) until the server
 * renames one of them.
 */
import type { operations } from '@/generated/api';
import type { Schema } from '@/lib/api-client';

export type Figures = Schema<'Figures'>;
export type ReportRow = Schema<'Row'>;
export type CategoryRow = Schema<'CategoryRow'>;
export type CategoryReport = Schema<'CategoryReport'>;
export type Charge = Schema<'Charge'>;
export type ChargeReport = Schema<'ChargeReport'>;
export type DefaultRange = Schema<'DefaultRange'>;

/** A report of rows (`totalweightgroupedby`, `getconsumptionstats`, `getproductionbyrecipe`, `productionbytime`). */
export interface GroupedReport {
  fromDateTime: string;
  toDateTime: string;
  /** What the rows are: `material`, `category`, `shift`, `day`, `recipe`, `line`, … */
  groupBy: string;
  rows: ReportRow[];
  totals: Figures;
}

/** One weighing of a batch (`Charge.weighings`, typed as plain objects by the api). */
export interface Weighing {
  materialId?: string;
  scaleId?: string;
  binId?: string;
  setpointKg?: number;
  actualKg?: number;
  inTolerance?: boolean;
}

/** Every query parameter a report call takes, named as the api names them. */
type QueryOf<O extends keyof operations> = NonNullable<operations[O]['parameters']['query']>;
export type ReportParams = Partial<
  QueryOf<'total_weight_grouped_by'> & QueryOf<'by_charges'> & QueryOf<'production_by_time'> & QueryOf<'by_category'>
>;

/** The report calls these screens make. */
export const REPORT_PATHS = {
  grouped: '/api/reports/consumption/totalweightgroupedby',
  categories: '/api/reports/consumption/getconsumptionbymaterialcatagory',
  charges: '/api/reports/consumption/getconsumtionsbycharges',
  stats: '/api/reports/consumption/getconsumptionstats',
  byRecipe: '/api/reports/production/getproductionbyrecipe',
  byTime: '/api/reports/production/productionbytime',
} as const;

export type ReportPath = (typeof REPORT_PATHS)[keyof typeof REPORT_PATHS];

/** Which array of an answer holds its rows (the PDF body's `data`). */
export type RowsField = 'rows' | 'categories';
