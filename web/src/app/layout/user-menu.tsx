import { Button, Menu, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { authApi } from '@/features/auth/api/auth-api';
import { useLoginTypeCheck } from '@/features/auth/hooks/use-login-type-check';
import { refreshLines } from '@/lib/lines';
import { notify } from '@/lib/notify';
import { userEmail, useSession } from '@/lib/session-store';

/** The user menu (§2): the email; Refresh Config UI for _SUPER, Reset Password for others; Logout. */
export function UserMenu() {
  const intl = useIntl();
  const navigate = useNavigate();
  const role = useSession((s) => s.role);
  const email = userEmail();
  const loginType = useLoginTypeCheck();
  const t = (id: string) => intl.formatMessage({ id });

  const logout = async () => {
    try {
      await authApi.logout();
    } catch {
      // The token is dropped either way.
    }
    useSession.getState().clear();
    useSession.getState().setReturnTo(null);
    await loginType.go();
  };

  const refresh = async () => {
    try {
      await refreshLines();
      notify(t('web.shell.linesRefreshed'), 'success');
    } catch (e) {
      notify((e as Error & { body?: { message?: string } }).body?.message ?? t('web.error.lines'), 'danger');
    }
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="subtle" size="xs" data-testid="user-menu" aria-label={t('web.shell.userMenu')}>
          <Text size="sm" truncate maw={{ base: 90, sm: 240 }} component="span">
            {email}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        {role === '_SUPER' ? (
          <Menu.Item onClick={() => void refresh()}>{t('web.shell.refreshConfig')}</Menu.Item>
        ) : (
          <Menu.Item onClick={() => void navigate('/resetonprimiseuserpassword', { state: { email, fromShell: true } })}>
            {t('web.shell.resetPassword')}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => void logout()} data-testid="logout">
          {t('web.shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
