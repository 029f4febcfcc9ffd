import { Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { decodeToken } from '@/lib/jwt';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useEditUser, useUser } from '../api/users-api';
import { UserForm } from './user-form';

/** /users/edituser/{userId}: username, role and privileges. */
export default function EditUserPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { userId = '' } = useParams();
  const user = useUser(userId);
  const edit = useEditUser();
  const showError = useErrorNotice();
  const token = useSession((s) => s.token);
  const me = decodeToken(token)?.userEmail;

  let body;
  if (user.isPending) body = <Spinner fill />;
  else if (user.isError || !user.data) body = null;
  else {
    const u = user.data;
    const lockAccess = u.role === '_SUPER' || u.email === me;
    body = (
      <UserForm
        mode="edit"
        withUsername={false}
        lockAccess={lockAccess}
        initial={{ email: u.email, username: u.username ?? '', role: u.role, privileges: u.privileges }}
        busy={edit.isPending}
        onSubmit={(input) =>
          edit.mutate(
            { ...input, _id: u._id, ...(lockAccess ? { role: u.role, privileges: u.privileges } : {}) },
            {
              onSuccess: ({ message }) => {
                notify(message ?? intl.formatMessage({ id: 'user.updated' }), 'success');
                void navigate('/users');
              },
              onError: showError,
            },
          )
        }
      />
    );
  }
  if (user.isError) showErrorOnce(user.error, showError);

  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {intl.formatMessage({ id: 'web.users.editTitle' })}
      </Title>
      {body}
    </section>
  );
}

const shown = new WeakSet<object>();
function showErrorOnce(error: unknown, show: (e: unknown) => void) {
  if (error && typeof error === 'object' && !shown.has(error)) {
    shown.add(error);
    queueMicrotask(() => show(error));
  }
}
