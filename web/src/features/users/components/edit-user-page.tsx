import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { StaleEditAlert } from '@/components/stale-edit-alert';
import { decodeToken } from '@/lib/jwt';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { differences } from '@/lib/stale-edit';
import { useStaleEdit } from '@/lib/use-stale-edit';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useEditUser, useUser, type User, type UserFormInput } from '../api/users-api';
import { UserForm } from './user-form';

/** The compared fields' labels. */
const LABELS = { username: 'web.field.username', fullName: 'web.users.fullName', role: 'web.users.role', privileges: 'web.users.privileges' } as const;

/** /users/edituser/{userId}: username, full name, role and privileges. */
export default function EditUserPage() {
  const intl = useIntl();
  const { userId = '' } = useParams();
  const user = useUser(userId);
  const showError = useErrorNotice();
  /** Bumped by "reload": the form opens the user as saved now. */
  const [opened, setOpened] = useState(0);

  let body;
  if (user.isPending) body = <Spinner fill />;
  else if (user.isError || !user.data) body = null;
  else
    body = (
      <EditUserForm
        key={`${user.data._id}/${opened}`}
        user={user.data}
        latest={user.data}
        onStale={() => void user.refetch()}
        onReload={() => void user.refetch().then(() => setOpened((n) => n + 1))}
      />
    );
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

interface EditUserFormProps {
  /** The user as the form opened them. */
  user: User;
  /** The user as saved now (fetched again when a save finds them changed). */
  latest: User;
  onStale: () => void;
  onReload: () => void;
}

/** The form of one user, sent with the `updatedAt` it opened (decision 97). */
function EditUserForm({ user: u, latest, onStale, onReload }: EditUserFormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const edit = useEditUser();
  const showError = useErrorNotice();
  const token = useSession((s) => s.token);
  const me = decodeToken(token)?.userEmail;
  const lockAccess = u.role === '_SUPER' || u.email === me;
  const stale = useStaleEdit<UserFormInput>(u.updatedAt);

  const send = (input: UserFormInput) => {
    const from = stale.begin();
    edit.mutate(
      { ...input, _id: u._id, updatedAt: from, ...(lockAccess ? { role: u.role, privileges: u.privileges } : {}) },
      {
        onSuccess: ({ message }) => {
          notify(message ?? t('user.updated'), 'success');
          void navigate('/users');
        },
        onError: (e) => {
          if (!stale.refused(e, from, input)) return showError(e);
          onStale();
        },
      },
    );
  };

  const text = (x: { username?: string | null; fullName?: string | null; role?: string | null; privileges?: string[] | null }) => ({
    username: x.username ?? '',
    fullName: x.fullName ?? '',
    role: x.role ? t(`web.role.${x.role}`) : '',
    privileges: [...(x.privileges ?? [])].sort().join(', '),
  });
  let compared;
  const refusal = stale.stale;
  if (refusal && stale.newer(latest.updatedAt)) {
    const mine = text({ ...refusal.input, privileges: lockAccess ? u.privileges : refusal.input.privileges });
    const theirs = text(latest);
    compared = differences(
      (['username', 'fullName', 'role', 'privileges'] as const).map((key) => ({
        key,
        label: t(LABELS[key]),
        mine: mine[key],
        theirs: theirs[key],
      })),
    );
  }

  return (
    <Stack gap="md">
      {refusal ? (
        <StaleEditAlert
          message={refusal.message}
          differences={compared}
          busy={edit.isPending}
          onReload={onReload}
          onOverwrite={() => {
            stale.startFrom(latest.updatedAt);
            send(refusal.input);
          }}
        />
      ) : null}
      <UserForm
        mode="edit"
        withUsername={false}
        lockAccess={lockAccess}
        initial={{ email: u.email, username: u.username ?? '', fullName: u.fullName ?? '', role: u.role, privileges: u.privileges }}
        busy={edit.isPending}
        onSubmit={send}
      />
    </Stack>
  );
}

const shown = new WeakSet<object>();
function showErrorOnce(error: unknown, show: (e: unknown) => void) {
  if (error && typeof error === 'object' && !shown.has(error)) {
    shown.add(error);
    queueMicrotask(() => show(error));
  }
}
