/** The audit trail's shapes of the api (issue 35), from the generated contract. */
import type { Schema } from '@/lib/api-client';

/** One audited event: who did what to which record, when, with the record before and after. */
export type AuditEntry = Schema<'AuditEntry'>;
/** One value that differs between the record before and after (`old` absent: added; `new` absent: removed). */
export type AuditChange = Schema<'AuditChange'>;
/** The values the filters can take: every user, kind of record and action the trail holds. */
export type AuditFacets = Schema<'AuditFacets'>;
export type AuditFacet = Schema<'AuditFacet'>;
/** The trail's filters as the api takes them (the list's query, the files' body). */
export type AuditQuery = Schema<'AuditQuery'>;

/** The filters as sent: each one given as text, the others left out. */
export type AuditFilterQuery = { [K in keyof AuditQuery]?: string };

/** The line choice "every line" (the api's `lineId=ALL`). */
export const ALL_LINES = 'ALL';

/** Entries per page of the list (the api's own default). */
export const PAGE_SIZE = 100;

/** The files the trail is exported as. */
export type AuditFileKind = 'pdf' | 'csv' | 'xlsx';
