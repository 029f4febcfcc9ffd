import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Envelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * Checks a mailed token once on load (§4): a refused token shows the server's message (else
 * `refused`) and an exception `failed`, both then go to `away`. Answers the accepted answer,
 * or null while checking.
 */
export function useVerifiedToken<T extends Envelope>(
  token: string,
  check: (token: string) => Promise<T>,
  away: string,
  texts: { refused: string; failed: string },
): T | null {
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState<T | null>(null);
  useEffect(() => {
    let alive = true;
    const leave = (text: string) => {
      notify(text, 'danger');
      void navigate(away, { replace: true });
    };
    check(token)
      .then((answer) => {
        if (!alive) return;
        if (answer.success) setAccepted(answer);
        else leave(answer.message ?? texts.refused);
      })
      .catch(() => alive && leave(texts.failed));
    return () => {
      alive = false;
    };
    // The token is what is checked; the texts and callbacks do not restart the check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return accepted;
}
