/** §7 Users: one hook per endpoint, keys from one factory; mutations invalidate the list. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap, type OkData, type Schema } from '@/lib/api-client';

/** A user as the api shows it. */
export type User = Schema<'UserDto'>;
export type UserPage = OkData<'/api/user/users', 'get'>;
/** What the user form sends to create a user (and, with `_id`, to edit one). */
export type UserInput = Schema<'CreateUserRequest'>;
/** What the user form sends: an edit also names the user as signatures show them (`fullName`, empty clears it). */
export type UserFormInput = UserInput & Pick<Schema<'EditUserRequest'>, 'fullName'>;

export const userKeys = {
  all: ['users'] as const,
  list: (search: string, page: number, limit: number) => ['users', 'list', { search, page, limit }] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
};

export function useUsers(search: string, page: number, limit: number) {
  return useQuery<UserPage>({
    queryKey: userKeys.list(search, page, limit),
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/user/users', { params: { query: { search, page, limit } }, signal })).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/getuser/{id}', { params: { path: { id } }, signal })).then((r) => r.data),
  });
}

function useInvalidating<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) });
}

export const useCreateUser = () => useInvalidating((input: UserInput) => unwrap(apiClient.POST('/api/createuser', { body: input })));
export const useCreateOnPremiseUser = () =>
  useInvalidating((input: UserInput) => unwrap(apiClient.POST('/api/user/onpremise/createuser', { body: input })));
export const useEditUser = () =>
  useInvalidating((input: Schema<'EditUserRequest'> & { _id: string }) => unwrap(apiClient.POST('/api/edituser', { body: input })));
export const useGeneratePassword = () =>
  useInvalidating((id: string) => unwrap(apiClient.PUT('/api/user/onpremise/generatepassword', { body: { _id: id } })));
export const useDeleteUser = () => useInvalidating((id: string) => unwrap(apiClient.PUT('/api/user/deleteuser', { body: { _id: id } })));
