import { Button, PasswordInput, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { PasswordWithStrength } from '@/components/password-with-strength';
import { Spinner } from '@/components/spinner';
import { useScorer } from '@/lib/strength';
import { useRuleForm } from '@/lib/use-rule-form';
import { RESET_PASSWORD_RULES } from '@/lib/validation';
import { authApi } from '../api/auth-api';
import { useEnvelopeSubmit } from '../hooks/use-envelope-submit';
import { useVerifiedToken } from '../hooks/use-verified-token';
import { AuthLayout } from './auth-layout';

/** /resetpassword/{token} (§2): verify the token (failure goes to /forgotpassword), then new and confirmed password. */
export function ResetPasswordPage() {
  const intl = useIntl();
  const { token = '' } = useParams();
  const t = (id: string) => intl.formatMessage({ id });
  const accepted = useVerifiedToken(token, authApi.checkResetToken, '/forgotpassword', {
    refused: t('auth.invalidToken'),
    failed: t('web.error.unknown'),
  });
  return <AuthLayout title={t('web.reset.title')}>{accepted ? <ResetForm token={token} /> : <Spinner fill />}</AuthLayout>;
}

function ResetForm({ token }: { token: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const t = (id: string) => intl.formatMessage({ id });
  const scorer = useScorer();
  const form = useRuleForm(RESET_PASSWORD_RULES, { password: '', confirmPassword: '' }, (pw) => scorer.score(pw));
  const { busy, onSubmit } = useEnvelopeSubmit(
    form.valid,
    () => authApi.resetPassword({ resetPasswordToken: token, ...form.values }),
    { success: t('auth.resetSuccess'), failure: t('web.error.unknown') },
    () => void navigate('/login', { replace: true }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PasswordWithStrength
          label={t('web.field.newPassword')}
          autoComplete="new-password"
          required
          score={form.values.password ? scorer.score(form.values.password) : null}
          {...form.field('password')}
        />
        <PasswordInput label={t('web.field.confirmPassword')} autoComplete="new-password" required {...form.field('confirmPassword')} />
        <Button type="submit" disabled={!form.valid} loading={busy} fullWidth>
          {t('web.reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
