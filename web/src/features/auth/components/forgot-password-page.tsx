import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { notify } from '@/lib/notify';
import { useRuleForm } from '@/lib/use-rule-form';
import { FORGOT_PASSWORD_RULES } from '@/lib/validation';
import { authApi } from '../api/auth-api';
import { AuthLayout } from './auth-layout';

/** /forgotpassword (§2): email and a Log In link. */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const t = (id: string) => intl.formatMessage({ id });
  const initial = (location.state as { email?: string } | null)?.email ?? '';
  const form = useRuleForm(FORGOT_PASSWORD_RULES, { email: initial });
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid) return;
    setBusy(true);
    try {
      const answer = await authApi.forgotPassword(form.values.email.trim());
      notify(answer.message ?? '', answer.success ? 'success' : 'danger');
      if (answer.success) void navigate('/login');
    } catch (err) {
      // §8: exceptions are only logged and the user goes to /login at once.
      console.error(err);
      void navigate('/login');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('web.forgot.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput label={t('web.field.email')} type="email" autoComplete="email" required {...form.field('email')} />
          <Button type="submit" disabled={!form.valid} loading={busy} fullWidth>
            {t('web.forgot.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('web.forgot.login')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
