/**
 * The audit trail over the api (issue 35): a page of the entries the filters match (newest
 * first, with the count of all), one entry with the values that changed, the filters' choices,
 * and the filtered trail as a file. The server names actions and record types in the language
 * the api client sends (`Accept-language`), so the language is part of every key.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { apiClient, download, unwrap } from '@/lib/api-client';
import { paged } from '@/lib/paged';
import { PAGE_SIZE, type AuditFileKind, type AuditFilterQuery } from './audit-types';

export const auditKeys = {
  all: ['audit'] as const,
  list: (locale: string, q: AuditFilterQuery, page: number) => ['audit', 'list', locale, q, page] as const,
  one: (locale: string, id: string) => ['audit', 'one', locale, id] as const,
  facets: (locale: string) => ['audit', 'facets', locale] as const,
};

/** A page of the entries the filters match, newest first (null: not to be asked, e.g. a backwards range). */
export function useAuditEntries(q: AuditFilterQuery | null, page: number) {
  const { locale } = useIntl();
  return useQuery({
    queryKey: q ? auditKeys.list(locale, q, page) : ['audit', 'list', 'none'],
    queryFn: ({ signal }) =>
      paged(apiClient.GET('/api/audit', { params: { query: { ...q!, page: String(page), limit: String(PAGE_SIZE) } }, signal })),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}

/** One entry with its record before and after and the values that changed. */
export function useAuditEntry(id: string) {
  const { locale } = useIntl();
  return useQuery({
    queryKey: auditKeys.one(locale, id),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/audit/{id}', { params: { path: { id } }, signal })).then((r) => r.data),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Every user, kind of record and action in the trail, for the filters' choices. */
export function useAuditFacets() {
  const { locale } = useIntl();
  return useQuery({
    queryKey: auditKeys.facets(locale),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/audit/facets', { signal })).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

const FILE_PATHS: Record<AuditFileKind, string> = {
  pdf: '/api/audit/generatePdf',
  csv: '/api/audit/generateCsv',
  xlsx: '/api/audit/generateXlsx',
};

/**
 * The filtered trail as a file drawn by the server; `onProgress` gets the share downloaded
 * (null: size unknown). A filter matching more than a file holds is refused (400) with the
 * server's message.
 */
export function auditFile(kind: AuditFileKind, filters: AuditFilterQuery, onProgress: (fraction: number | null) => void): Promise<Blob> {
  return download(FILE_PATHS[kind], onProgress, { method: 'POST', body: filters });
}
