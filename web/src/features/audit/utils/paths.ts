/** The audit trail's addresses: the list, and an entry (carrying the list's filters, for the way back). */
export const auditPaths = {
  list: '/audit',
  /** `search`: the list's query (`?from=…&user=…`), kept so the entry's back link returns to the same view. */
  entry: (id: string | number, search = '') => `/audit/${encodeURIComponent(String(id))}${search && !search.startsWith('?') ? `?${search}` : search}`,
};
