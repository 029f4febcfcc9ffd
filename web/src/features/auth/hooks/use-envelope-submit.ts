import { useState, type FormEvent } from 'react';
import { firstError, type Envelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';

interface Texts {
  /** Shown when a successful answer carries no message. */
  success: string;
  /** Shown when a failed answer says nothing, and on exceptions (§8 names one per screen). */
  failure: string;
}

/**
 * Submits a form through a login-type call (§8: those read the success flag): success shows
 * the server's message and runs `then`; failure shows the first field error or the message.
 */
export function useEnvelopeSubmit(valid: boolean, send: () => Promise<Envelope>, texts: Texts, then: () => void) {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await send();
      if (answer.success) {
        notify(answer.message ?? texts.success, 'success');
        then();
      } else {
        notify(firstError(answer) ?? texts.failure, 'danger');
      }
    } catch {
      notify(texts.failure, 'danger');
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) void submit();
  };
  return { busy, onSubmit };
}
