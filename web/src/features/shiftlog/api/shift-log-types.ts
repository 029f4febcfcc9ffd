/** The shift log's shapes of the api (issue 34, item 4; decision 113), from the generated contract. */
import type { Schema } from '@/lib/api-client';

/** An entry: a line's shift occurrence with its notes, open items, handover and summary. */
export type ShiftLog = Schema<'ShiftLog'>;
/** What the shift made and what stopped it, as the server counts it. */
export type ShiftSummary = Schema<'ShiftSummary'>;
export type SummaryStop = Schema<'SummaryStop'>;
export type OpenItem = Schema<'OpenItem'>;
export type OpenItemInput = Schema<'OpenItemInput'>;
export type AddShiftLog = Schema<'AddShiftLog'>;
export type EditShiftLog = Schema<'EditShiftLog'>;
export type Handover = Schema<'Handover'>;
/** A shift of a line (its name, times and days), for writing an entry. */
export type ShiftRecord = Schema<'ShiftRecord'>;

/** The line choice "every line" (the api's `lineId=ALL`). */
export const ALL_LINES = 'ALL';

/** Entries per page of the list. */
export const PAGE_SIZE = 25;
