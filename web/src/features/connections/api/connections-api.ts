/** Plant connections (issue 32): one hook per call, keys from one factory; changes invalidate the lists. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap, type Schema } from '@/lib/api-client';

export type Connection = Schema<'Connection'>;
export type ConnectionInput = Schema<'ConnectionInput'>;
export type Tag = Schema<'Tag'>;
export type ConnectionStatus = Schema<'ConnectionStatus'>;
export type Browsed = Schema<'Browsed'>;
export type BrowseRequest = Schema<'BrowseRequest'>;
export type TestOutcome = Schema<'TestOutcome'>;
export type TrustedCertificate = Schema<'TrustedCertificate'>;

export const connectionKeys = {
  all: ['connections'] as const,
  list: (lineId: string | null) => ['connections', 'list', lineId ?? ''] as const,
  detail: (id: string) => ['connections', 'detail', id] as const,
  status: (id: string) => ['connections', 'status', id] as const,
  trust: ['connections', 'trust'] as const,
};

export function useConnections(lineId: string | null) {
  return useQuery({
    queryKey: connectionKeys.list(lineId),
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/connections', { params: { query: lineId ? { lineId } : {} }, signal })).then((r) => r.data),
  });
}

export function useConnection(id: string) {
  return useQuery({
    queryKey: connectionKeys.detail(id),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/connections/{id}', { params: { path: { id } }, signal })).then((r) => r.data),
  });
}

/** The connection's status with its tags, renewed every 5 s while the form is open. */
export function useConnectionStatus(id: string | undefined) {
  return useQuery({
    queryKey: connectionKeys.status(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: 5000,
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/connections/{id}/status', { params: { path: { id: id ?? '' } }, signal })).then((r) => r.data),
  });
}

export function useTrusted() {
  return useQuery({
    queryKey: connectionKeys.trust,
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/connections/trust', { signal })).then((r) => r.data),
  });
}

function useInvalidating<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }) });
}

export const useCreateConnection = () =>
  useInvalidating((body: ConnectionInput) => unwrap(apiClient.POST('/api/connections/add', { body })));
export const useEditConnection = () =>
  useInvalidating(({ id, body }: { id: string; body: ConnectionInput }) =>
    unwrap(apiClient.POST('/api/connections/edit/{id}', { params: { path: { id } }, body })),
  );
export const useDeleteConnection = () =>
  useInvalidating((id: string) => unwrap(apiClient.POST('/api/connections/delete', { body: { id } })));
export const useTrust = () =>
  useInvalidating((thumbprint: string) => unwrap(apiClient.POST('/api/connections/trust', { body: { thumbprint } })));
export const useDistrust = () =>
  useInvalidating((thumbprint: string) => unwrap(apiClient.POST('/api/connections/distrust', { body: { thumbprint } })));

export const browse = (body: BrowseRequest) => unwrap(apiClient.POST('/api/connections/browse', { body })).then((r) => r.data);
export const useTest = () =>
  useMutation({
    mutationFn: (body: ConnectionInput & { connectionId?: string | null }) =>
      unwrap(apiClient.POST('/api/connections/test', { body })).then((r) => r.data),
  });
