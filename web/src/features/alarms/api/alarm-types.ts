/** The alarm handling shapes of the api (issue 34, decision 111), from the generated contract. */
import type { Schema } from '@/lib/api-client';

/** An alarm point now: its newest occurrence and how it is handled. */
export type AlarmPoint = Schema<'AlarmPoint'>;
/** A point as the console lists it: the point, its text in the reader's language, its line's name. */
export type ActiveAlarm = Schema<'ActiveAlarm'>;
export type AlarmComment = Schema<'AlarmComment'>;
export type AckRequest = Schema<'AckRequest'>;
export type ShelveRequest = Schema<'ShelveRequest'>;
export type AlarmCommentInput = Schema<'AlarmCommentInput'>;

/** The line choice "every line" (the api's `lineId=ALL`). */
export const ALL_LINES = 'ALL';

/** The shelf durations offered, in minutes (the api takes 1 to 720). */
export const SHELVE_MINUTES = [15, 30, 60, 120, 240, 480, 720] as const;
export const DEFAULT_SHELVE_MINUTES = 60;

/**
 * A row of the console and of the diagnostics screen: the point (as the live feed or the api
 * has it) with its text, its line's name and whether it is shelved; `key` is the point's
 * (`lineId|code`, as the live store keys it).
 */
export interface AlarmRow extends AlarmPoint {
  key: string;
  text: string;
  lineName: string;
  shelved: boolean;
  stopsLine: boolean;
}
