import { Button, Stack, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { PasswordWithStrength } from '@/components/password-with-strength';
import { Spinner } from '@/components/spinner';
import { useScorer } from '@/lib/strength';
import { useRuleForm } from '@/lib/use-rule-form';
import { REGISTER_RULES, type Scorer } from '@/lib/validation';
import { authApi } from '../api/auth-api';
import { useEnvelopeSubmit } from '../hooks/use-envelope-submit';
import { useVerifiedToken } from '../hooks/use-verified-token';
import { AuthLayout } from './auth-layout';

/** Only an answer that names the invited email accepts the token. */
const checkSignup = (token: string) => authApi.validateSignup(token).then((a) => ({ ...a, success: a.success && Boolean(a.email) }));

/** /validatesignup/{token} (§2): verify the token, then username, email, password. */
export function RegisterPage() {
  const intl = useIntl();
  const { token = '' } = useParams();
  const t = (id: string) => intl.formatMessage({ id });
  const accepted = useVerifiedToken(token, checkSignup, '/home', {
    refused: t('auth.invalidToken'),
    failed: t('web.error.invalidTokenContact'),
  });
  return (
    <AuthLayout title={t('web.register.title')}>
      {accepted?.email ? <RegisterForm token={token} email={accepted.email} /> : <Spinner fill />}
    </AuthLayout>
  );
}

function RegisterForm({ token, email }: { token: string; email: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const t = (id: string) => intl.formatMessage({ id });
  const scorer = useScorer();
  // The user's own email and name make a password weaker (as on the server).
  const score: Scorer = (pw, v) => scorer.score(pw, [v.email, v.username]);
  const form = useRuleForm(REGISTER_RULES, { username: '', email, password: '' }, score);
  const { busy, onSubmit } = useEnvelopeSubmit(
    form.valid,
    () => authApi.signup({ ...form.values, username: form.values.username.trim(), token }),
    { success: t('auth.signupSuccess'), failure: t('server.error') },
    () => void navigate('/login', { replace: true }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label={t('web.field.username')} autoComplete="username" required {...form.field('username')} />
        <TextInput label={t('web.field.email')} type="email" readOnly {...form.field('email')} />
        <PasswordWithStrength
          label={t('web.field.password')}
          autoComplete="new-password"
          required
          score={form.values.password ? score(form.values.password, form.values) : null}
          {...form.field('password')}
        />
        <Button type="submit" disabled={!form.valid} loading={busy} fullWidth>
          {t('web.register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
