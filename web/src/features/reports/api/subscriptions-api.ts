/**
 * Scheduled reports over the api (issue 35, item 3): the subscriptions, one of them, a page of
 * its deliveries (newest period first, with the count of all), and adding, changing and
 * deleting one. A change refreshes the cached subscriptions; a deleted one is dropped from the
 * cache, so its screen does not ask for it again on the way out.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { paged } from '@/lib/paged';
import { DELIVERY_PAGE, type SubscriptionInput } from './subscription-types';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: ['subscriptions', 'list'] as const,
  one: (id: string) => ['subscriptions', 'one', id] as const,
  deliveries: (id: string, page: number) => ['subscriptions', 'deliveries', id, page] as const,
};

/** Every subscription, newest first, with its zone and next delivery. */
export function useSubscriptions() {
  return useQuery({
    queryKey: subscriptionKeys.list,
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/reportsubscriptions', { signal })).then((r) => r.data ?? []),
  });
}

/** One subscription. */
export function useSubscription(id: string) {
  return useQuery({
    queryKey: subscriptionKeys.one(id),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/reportsubscriptions/{id}', { params: { path: { id } }, signal })).then((r) => r.data),
    enabled: Boolean(id),
    retry: false,
  });
}

/** A page of a subscription's deliveries, newest period first, and how many it has. */
export function useDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: subscriptionKeys.deliveries(id, page),
    queryFn: ({ signal }) =>
      paged(apiClient.GET('/api/reportsubscriptions/{id}/deliveries', { params: { path: { id }, query: { page: String(page), limit: String(DELIVERY_PAGE) } }, signal })),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}

/** Saves a report's filter as a new subscription. */
export function useAddSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SubscriptionInput) => unwrap(apiClient.POST('/api/reportsubscriptions/add', { body: input })),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

/** Changes a subscription (its `updatedAt` says which version the change started from). */
export function useEditSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SubscriptionInput }) =>
      unwrap(apiClient.POST('/api/reportsubscriptions/edit/{id}', { params: { path: { id } }, body: input })),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

/** Deletes a subscription: nothing more is delivered (its history stays on the server). */
export function useDeleteSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(apiClient.POST('/api/reportsubscriptions/delete', { body: { id } })),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: subscriptionKeys.one(id) });
      return client.invalidateQueries({ queryKey: subscriptionKeys.list });
    },
  });
}

/** The users' email addresses, offered as recipients to whoever may list users (administrators); none for others. */
export function useUserEmails(enabled: boolean) {
  return useQuery({
    queryKey: [...subscriptionKeys.all, 'users'] as const,
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/user/users', { params: { query: { page: 1, limit: 200 } }, signal })).then((r) =>
        (r.data?.users ?? []).filter((u) => u.status === 'active').map((u) => u.email),
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
}
