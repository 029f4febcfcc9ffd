/** "New version": copies a (locked) version into a new draft and opens that draft's editor. */
import { useNavigate } from 'react-router-dom';
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useNewVersion } from '../api/recipes-api';
import { recipePaths } from '../utils/paths';

export function useCreateVersion() {
  const mutation = useNewVersion();
  const navigate = useNavigate();
  const showError = useErrorNotice();
  const create = (id: string) =>
    mutation.mutate(id, {
      onSuccess: ({ data, message }) => {
        if (message) notify(message, 'success');
        if (data) void navigate(recipePaths.edit(data._id));
      },
      onError: showError,
    });
  return { create, pending: mutation.isPending, target: mutation.isPending ? mutation.variables : undefined };
}
