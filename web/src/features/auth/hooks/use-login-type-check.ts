import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { firstError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { authApi } from '../api/auth-api';

/**
 * §2: the Login button asks the server whether super-user login is required, then goes to
 * /superuserlogin or /login. Errors: first server error entry or the message; exceptions a
 * fixed text (§8).
 */
export function useLoginTypeCheck() {
  const navigate = useNavigate();
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      const answer = await authApi.checkSuperLogin();
      if (answer.success) {
        void navigate(answer.superUserLogin ? '/superuserlogin' : '/login');
      } else {
        notify(firstError(answer) ?? intl.formatMessage({ id: 'web.error.contactAdmin' }), 'danger');
      }
    } catch {
      notify(intl.formatMessage({ id: 'web.error.contactAdmin' }), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return { go, busy };
}
