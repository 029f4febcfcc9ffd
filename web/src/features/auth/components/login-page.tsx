import { Anchor, Button, Group, PasswordInput, Popover, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { useRuleForm } from '@/lib/use-rule-form';
import { LOGIN_RULES } from '@/lib/validation';
import { authApi, type LoginAnswer } from '../api/auth-api';
import { AuthLayout } from './auth-layout';

function RegisterHint() {
  const intl = useIntl();
  return (
    <Popover width={260} position="top" withArrow>
      <Popover.Target>
        <Anchor component="button" type="button" size="sm" hiddenFrom="sm" data-testid="register-link">
          {intl.formatMessage({ id: 'web.login.register' })}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{intl.formatMessage({ id: 'web.login.registerHint' })}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}

/** /login and /superuserlogin (§2): email and password; the session rules of §4. */
function SignInForm({ superUser }: { superUser: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const t = (id: string) => intl.formatMessage({ id });
  const form = useRuleForm(LOGIN_RULES, { email: '', password: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid) return;
    const session = useSession.getState();
    session.clear(); // §4: the stored token is cleared before each login attempt.
    setBusy(true);
    try {
      const email = form.values.email.trim();
      const call = superUser ? authApi.superUserLogin : authApi.login;
      const answer: LoginAnswer = await call(email, form.values.password);
      if (!answer.success) {
        notify(answer.message ?? t('server.error'), 'danger');
        return;
      }
      let systemType: string;
      try {
        systemType = (await authApi.site()).data.site.systemType;
      } catch {
        notify(t('server.error'), 'danger');
        return;
      }
      if (answer.userStatus === 'inactive') {
        if (systemType === 'ON_PREMISE') {
          void navigate('/resetonprimiseuserpassword', { state: { email } });
        } else {
          notify(answer.message ?? t('server.error'), 'danger');
        }
        return;
      }
      if (!answer.token) {
        notify(t('server.error'), 'danger');
        return;
      }
      session.setToken(answer.token);
      session.setSystemType(systemType);
      const target = useSession.getState().returnTo ?? '/dashboard';
      session.setReturnTo(null);
      void navigate(target, { replace: true });
    } catch {
      notify(t('server.error'), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <TextInput label={t('web.field.email')} type="email" autoComplete="username" required {...form.field('email')} />
        <PasswordInput label={t('web.field.password')} autoComplete="current-password" required {...form.field('password')} />
        {!superUser && form.values.email.trim() !== '' ? (
          <Anchor component={Link} to="/forgotpassword" state={{ email: form.values.email.trim() }} size="sm" data-testid="reset-link">
            {t('web.login.resetPassword')}
          </Anchor>
        ) : null}
        <Button type="submit" disabled={!form.valid} loading={busy} fullWidth>
          {t('web.login.submit')}
        </Button>
        {!superUser ? (
          <Group justify="center">
            <RegisterHint />
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

export function LoginPage() {
  const intl = useIntl();
  return (
    <AuthLayout title={intl.formatMessage({ id: 'web.login.title' })}>
      <SignInForm superUser={false} />
    </AuthLayout>
  );
}

export function SuperUserLoginPage() {
  const intl = useIntl();
  return (
    <AuthLayout title={intl.formatMessage({ id: 'web.login.superTitle' })}>
      <SignInForm superUser />
    </AuthLayout>
  );
}
