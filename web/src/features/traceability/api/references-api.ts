/**
 * What the traceability forms pick from: suppliers and customers (installation-wide), a line's
 * materials and bins (configuration), and what a line made and has not delivered yet.
 */
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';

export const referenceKeys = {
  suppliers: ['trace-refs', 'suppliers'] as const,
  customers: ['trace-refs', 'customers'] as const,
  materials: (lineId: string) => ['trace-refs', 'materials', lineId] as const,
  bins: (lineId: string) => ['trace-refs', 'bins', lineId] as const,
  deliverables: (lineId: string) => ['trace-refs', 'deliverables', lineId] as const,
};

export function useSuppliers() {
  return useQuery({
    queryKey: referenceKeys.suppliers,
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/suppliers', { signal })).then((r) => r.data ?? []),
  });
}

export function useCustomers() {
  return useQuery({
    queryKey: referenceKeys.customers,
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/customers', { signal })).then((r) => r.data ?? []),
  });
}

/** The material directory of a line (none asked without a line). */
export function useMaterials(lineId: string | null | undefined) {
  return useQuery({
    queryKey: referenceKeys.materials(lineId ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/materialdirectory', { params: { query: { lineId: lineId! } }, signal })).then((r) => r.data ?? []),
    enabled: Boolean(lineId),
  });
}

/** The bins of a line (configuration records, with the materials each holds). */
export function useBins(lineId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: referenceKeys.bins(lineId ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/bins', { params: { query: { lineId: lineId! } }, signal })).then((r) => r.data ?? []),
    enabled: enabled && Boolean(lineId),
  });
}

/** What a line completed in the last 14 days and has not delivered: batches and orders with the kilograms left. */
export function useDeliverables(lineId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: referenceKeys.deliverables(lineId ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/deliverables', { params: { query: { lineId: lineId! } }, signal })).then((r) => r.data),
    enabled: enabled && Boolean(lineId),
  });
}
