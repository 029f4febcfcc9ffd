import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PasswordWithStrength } from '@/components/password-with-strength';
import { useSession } from '@/lib/session-store';
import { useScorer } from '@/lib/strength';
import { useRuleForm } from '@/lib/use-rule-form';
import { ONPREMISE_RESET_RULES } from '@/lib/validation';
import { authApi } from '../api/auth-api';
import { useEnvelopeSubmit } from '../hooks/use-envelope-submit';
import { AuthLayout } from './auth-layout';

/** /resetonprimiseuserpassword (§2): the email from the previous screen, old/new/confirm password. */
export function OnPremiseResetPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const t = (id: string) => intl.formatMessage({ id });
  const email = (location.state as { email?: string } | null)?.email ?? '';
  const scorer = useScorer();
  const form = useRuleForm(ONPREMISE_RESET_RULES, { oldPassword: '', newPassword: '', confirmPassword: '' });
  const { busy, onSubmit } = useEnvelopeSubmit(
    form.valid && Boolean(email),
    () => authApi.onPremiseReset({ email, ...form.values }),
    { success: t('auth.resetSuccess'), failure: t('server.error') },
    () => {
      // §4: after the on-premise reset the session is dropped and the user signs in again.
      useSession.getState().clear();
      void navigate('/login', { replace: true });
    },
  );

  return (
    <AuthLayout title={t('web.onpremise.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label={t('web.field.email')} value={email} readOnly data-testid="onpremise-email" />
          <PasswordInput label={t('web.field.oldPassword')} autoComplete="current-password" required {...form.field('oldPassword')} />
          <PasswordWithStrength
            label={t('web.field.newPassword')}
            autoComplete="new-password"
            required
            score={form.values.newPassword ? scorer.score(form.values.newPassword, [email]) : null}
            {...form.field('newPassword')}
          />
          <PasswordInput label={t('web.field.confirmPassword')} autoComplete="new-password" required {...form.field('confirmPassword')} />
          <Button type="submit" disabled={!form.valid || !email} loading={busy} fullWidth>
            {t('web.onpremise.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('web.forgot.login')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
