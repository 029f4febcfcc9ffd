/**
 * The electronic signature of a release (issue 35): the signer's password entered again and
 * what the signature means, with a sentence saying what is kept. `useSignature` holds what was
 * entered and takes a refused call apart: field errors on the fields, the password cleared
 * where it must be typed again, the other messages handed back for the dialog to show.
 */
import { Fieldset, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { BUILT_IN_MEANINGS, signatureRefusal, useConfiguredMeanings, type SignatureErrors, type SignatureInput } from '@/lib/signatures';

export interface SignatureState {
  password: string;
  meaning: string | null;
  errors: SignatureErrors;
  /** Both the password and a meaning are given. */
  complete: boolean;
  setPassword: (password: string) => void;
  setMeaning: (meaning: string | null) => void;
  /** What the release call sends. */
  input: () => SignatureInput;
  /** Empty again (the dialog closed or opened anew). */
  reset: () => void;
  /** Takes a refusal of the call apart; answers the messages that are not on a field. */
  refused: (error: unknown) => string[];
}

export function useSignature(): SignatureState {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const [meaning, setMeaning] = useState<string | null>(null);
  const [errors, setErrors] = useState<SignatureErrors>({});
  return {
    password,
    meaning,
    errors,
    complete: password !== '' && meaning !== null,
    setPassword: (value) => {
      setPassword(value);
      setErrors((e) => ({ ...e, password: undefined }));
    },
    setMeaning: (value) => {
      setMeaning(value);
      setErrors((e) => ({ ...e, meaning: undefined }));
    },
    input: () => ({ password, meaning }),
    reset: () => {
      setPassword('');
      setMeaning(null);
      setErrors({});
    },
    refused: (error) => {
      const refusal = signatureRefusal(error, intl.formatMessage({ id: 'server.error' }));
      setErrors(refusal.fields);
      if (refusal.retype) setPassword('');
      return refusal.messages;
    },
  };
}

/** The password and meaning inputs of a signature, in a group of their own. */
export function SignatureFields({ state }: { state: SignatureState }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const configured = useConfiguredMeanings(true);
  const builtIn = BUILT_IN_MEANINGS.map((m) => ({ value: m.code, label: t(m.label) }));
  const own = configured.filter((m) => !BUILT_IN_MEANINGS.some((b) => b.code === m.code)).map((m) => ({ value: m.code, label: m.name }));
  return (
    <Fieldset legend={t('web.signature.legend')} data-testid="signature-fields">
      <Stack gap="sm">
        <Text size="sm" data-testid="signature-explain">
          {t('web.signature.explain')}
        </Text>
        <PasswordInput
          label={t('web.signature.password')}
          autoComplete="current-password"
          required
          value={state.password}
          onChange={(e) => state.setPassword(e.currentTarget.value)}
          error={state.errors.password}
          data-testid="signature-password"
        />
        <Select
          label={t('web.signature.meaning')}
          placeholder={t('web.signature.chooseMeaning')}
          required
          data={[...builtIn, ...own]}
          value={state.meaning}
          onChange={state.setMeaning}
          allowDeselect={false}
          error={state.errors.meaning}
          data-testid="signature-meaning"
        />
      </Stack>
    </Fieldset>
  );
}
