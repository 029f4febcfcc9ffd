/**
 * The answers of the report calls (`/api/reports/<group>/<call>`), from the api's schemas, and
 * the query parameters they take, from its operations.
 */
import type { operations, paths } from '@/generated/api';
import type { Schema } from '@/lib/api-client';

export type Figures = Schema<'Figures'>;
export type ReportRow = Schema<'Row'>;
/** A report of rows (`totalweightgroupedby`, `getconsumptionstats`, `getproductionbyrecipe`, `productionbytime`). */
export type GroupedReport = Schema<'GroupedReport'>;
export type CategoryRow = Schema<'CategoryRow'>;
export type CategoryReport = Schema<'CategoryReport'>;
export type Charge = Schema<'Charge'>;
export type ChargeReport = Schema<'ChargeReport'>;
export type DefaultRange = Schema<'DefaultRange'>;

export type StopReport = Schema<'StopReport'>;
export type Stop = Schema<'Stop'>;
export type ParetoRow = Schema<'ParetoRow'>;
export type StopTotals = Schema<'StopTotals'>;

export type AlarmPerformance = Schema<'AlarmPerformance'>;
export type AlarmMeasures = Schema<'Measures'>;
export type LineAlarmMeasures = Schema<'LineMeasures'>;
export type PointAlarms = Schema<'PointAlarms'>;
export type AlarmFlood = Schema<'Flood'>;
export type StandingAlarm = Schema<'StandingAlarm'>;

export type Oee = Schema<'Oee'>;
export type OeeRow = Schema<'OeeRow'>;
export type OeeFigures = Schema<'OeeFigures'>;

export type BinHistory = Schema<'BinHistory'>;
export type BinSummary = Schema<'BinSummary'>;
export type Movement = Schema<'Movement'>;
export type LevelPoint = Schema<'LevelPoint'>;

export type CalibrationReport = Schema<'CalibrationReport'>;
export type ScaleCalibration = Schema<'ScaleCalibration'>;
export type CalibrationCheck = Schema<'Check'>;

/**
 * One weighing of a batch (`Charge.weighings`, typed as plain objects by the api): codes, and
 * the names of what is configured now.
 */
export interface Weighing {
  materialId?: string;
  materialName?: string | null;
  scaleId?: string;
  scaleName?: string | null;
  binId?: string;
  binName?: string | null;
  setpointKg?: number;
  actualKg?: number;
  inTolerance?: boolean;
}

/** Every query parameter a report call takes, named as the api names them. */
type QueryOf<O extends keyof operations> = NonNullable<operations[O]['parameters']['query']>;
export type ReportParams = Partial<
  QueryOf<'total_weight_grouped_by'> &
    QueryOf<'by_charges'> &
    QueryOf<'production_by_time'> &
    QueryOf<'by_category'> &
    QueryOf<'report'> &
    QueryOf<'material_history'> &
    QueryOf<'calibration_report'> &
    QueryOf<'detailed_summary'> &
    QueryOf<'batch_details'> &
    QueryOf<'alarm_list'> &
    QueryOf<'batch_graph'> &
    QueryOf<'violations'> &
    QueryOf<'out_of_spec'> &
    QueryOf<'compare_mixing'> &
    QueryOf<'pressure_report'> &
    QueryOf<'pressure_graph'> &
    QueryOf<'alarm_performance'>
>;

/** The report calls these screens make. */
export const REPORT_PATHS = {
  grouped: '/api/reports/consumption/totalweightgroupedby',
  categories: '/api/reports/consumption/getconsumptionbymaterialcatagory',
  charges: '/api/reports/consumption/getconsumtionsbycharges',
  stats: '/api/reports/consumption/getconsumptionstats',
  byRecipe: '/api/reports/production/getproductionbyrecipe',
  byTime: '/api/reports/production/productionbytime',
  stops: '/api/reports/stoptimereport',
  alarmPerformance: '/api/reports/alarms/performance',
  oee: '/api/reports/oee',
  bins: '/api/reports/bins/getmaterialhistory',
  calibration: '/api/reports/calibrationreport',
  batchStats: '/api/reports/batches/getBatchStats',
  batchStatsByOrder: '/api/reports/batches/getbatchstatsorderwise',
  batchSummary: '/api/reports/batches/getdetailedbatchsummery',
  batchDetails: '/api/reports/batches/getlinebatchdetails',
  batchWeighings: '/api/reports/batches/getbatchweighingdetails',
  batchMixing: '/api/reports/batches/getbatchmixingdetails',
  batchParameters: '/api/reports/batches/getbatchparameterdetails',
  batchMisc: '/api/reports/batches/getbatchmiscparameter',
  batchAlarms: '/api/reports/batches/getbatchesalarms',
  alarms: '/api/reports/alarm/getalarms',
  spcBatch: '/api/reports/spc/batchgraph',
  spcConsumption: '/api/reports/spc/consumptiongraph',
  spcViolations: '/api/reports/spc/violations',
  outOfSpec: '/api/reports/batches/getbatchesdiagnostics',
  batchDiagnostics: '/api/reports/batches/getbatchdiagnostics',
  batchesWithParameters: '/api/reports/batches/getbatcheswithparameters',
  compareMixing: '/api/reports/batches/getcomparemixingreportbatches',
  compareParameters: '/api/reports/batches/getcomparereportparameters',
  downstreams: '/api/reports/batches/getdownstreams',
  consolidatedMixing: '/api/reports/batches/getbatchconsolidatemixingreport',
  liveBatch: '/api/reports/batches/getlivebatch',
  pcsMaterialCodes: '/api/reports/pcs/getmaterialcodes',
  pcsPressure: '/api/reports/pcs/getpressure',
  pcsReport: '/api/reports/pcs/getreport',
  pcsGraph: '/api/reports/pcs/getpressureforgraph',
} as const;

export type ReportPath = (typeof REPORT_PATHS)[keyof typeof REPORT_PATHS];

/** What a report call answers (its envelope's `data`), from the api's document. */
export type AnswerOf<P extends ReportPath> = NonNullable<paths[P]['get']['responses'][200]['content']['application/json']['data']>;

/** A row of the list `F` of a report's answer. */
export type RowsOf<P extends ReportPath, F extends keyof AnswerOf<P>> = NonNullable<AnswerOf<P>[F]> extends readonly (infer R)[] ? R : never;

/** The row types of every list a report answers. */
type ListsOf<A> = { [K in keyof A]-?: NonNullable<A[K]> extends readonly (infer R)[] ? R : never }[keyof A];

/** The report paths whose answer holds a list of `R` rows: what a section showing `R` may ask. */
export type PathWithRows<R> = { [P in ReportPath]: [R] extends [ListsOf<AnswerOf<P>>] ? P : never }[ReportPath];

/** Which array of an answer holds a section's rows (the PDF body's `data`). */
export type RowsField =
  | 'rows'
  | 'categories'
  | 'stops'
  | 'pareto'
  | 'bins'
  | 'movements'
  | 'scales'
  | 'checks'
  | 'missing'
  | 'steps'
  | 'planned'
  | 'curves'
  | 'points'
  | 'kept'
  | 'parameters'
  | 'outOfSpec'
  | 'batches'
  | 'series'
  | 'lines'
  | 'top'
  | 'chattering'
  | 'floods'
  | 'standing';
