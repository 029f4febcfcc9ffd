/** §7 Users: one hook per endpoint, keys from one factory; mutations invalidate the list. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/lib/api-client';

export interface User {
  _id: string;
  email: string;
  username?: string | null;
  role: string;
  privileges: string[];
  status: 'pending' | 'active' | 'inactive';
  createdAt: string;
  createdBy?: string | null;
  updatedAt: string;
  updatedBy?: string | null;
}

export interface UserPage {
  users: User[];
  total: number;
  page: number;
  limit: number;
}

export interface UserInput {
  email?: string;
  username?: string;
  role: string;
  privileges: string[];
}

export const userKeys = {
  all: ['users'] as const,
  list: (search: string, page: number, limit: number) => ['users', 'list', { search, page, limit }] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
};

export function useUsers(search: string, page: number, limit: number) {
  return useQuery<UserPage>({
    queryKey: userKeys.list(search, page, limit),
    queryFn: ({ signal }) => api.get<UserPage>(`/api/user/users${query({ search, page, limit })}`, signal).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.get<User>(`/api/getuser/${encodeURIComponent(id)}`, signal).then((r) => r.data),
  });
}

function useInvalidating<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) });
}

export const useCreateUser = () => useInvalidating((input: UserInput) => api.post<User>('/api/createuser', input));
export const useCreateOnPremiseUser = () =>
  useInvalidating((input: UserInput) =>
    api.post<{ user: User; temporaryPassword: string }>('/api/user/onpremise/createuser', input),
  );
export const useEditUser = () =>
  useInvalidating((input: UserInput & { _id: string }) => api.post<User>('/api/edituser', input));
export const useGeneratePassword = () =>
  useInvalidating((id: string) => api.put<{ temporaryPassword: string }>('/api/user/onpremise/generatepassword', { _id: id }));
export const useDeleteUser = () => useInvalidating((id: string) => api.put<null>('/api/user/deleteuser', { _id: id }));
