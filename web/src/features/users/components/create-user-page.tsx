import { Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useCreateOnPremiseUser, useCreateUser, type UserInput } from '../api/users-api';
import { PasswordOnceModal } from './password-once-modal';
import { UserForm } from './user-form';

/** /users/createuser: cloud installations invite by mail; on-premise ones show a generated password once. */
export default function CreateUserPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const onPremise = useSession((s) => s.systemType) === 'ON_PREMISE';
  const invite = useCreateUser();
  const create = useCreateOnPremiseUser();
  const showError = useErrorNotice();
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);

  const submit = (input: UserInput) => {
    if (onPremise) {
      create.mutate(input, {
        onSuccess: ({ data, message }) => {
          if (message) notify(message, 'success');
          setCreated({ email: data.user.email, password: data.temporaryPassword });
        },
        onError: showError,
      });
    } else {
      invite.mutate(input, {
        onSuccess: ({ message }) => {
          notify(message ?? intl.formatMessage({ id: 'user.created' }), 'success');
          void navigate('/users');
        },
        onError: showError,
      });
    }
  };

  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {intl.formatMessage({ id: 'web.users.createTitle' })}
      </Title>
      <UserForm mode="create" withUsername={onPremise} busy={invite.isPending || create.isPending} onSubmit={submit} />
      <PasswordOnceModal
        email={created?.email ?? ''}
        password={created?.password ?? null}
        onClose={() => {
          setCreated(null);
          void navigate('/users');
        }}
      />
    </section>
  );
}
