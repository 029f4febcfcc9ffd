/**
 * Electronic signatures on releases (issue 35): the meanings a signer may choose (the two
 * built-in ones and those the plant configured, `signaturemeanings`), and how a refused
 * signature reads (its field errors on the fields, anything else as messages).
 */
import { useQuery } from '@tanstack/react-query';
import ACCESS from '@/generated/access.json';
import { allows } from './access';
import { apiClient, ApiError, unwrap, type Schema } from './api-client';
import { useSession } from './session-store';

/** A signature's manifest as it is kept with the signed record. */
export type Signature = Schema<'Signature'>;
/** What a release call takes as its signature. */
export type SignatureInput = Schema<'SignatureInput'>;

/** The meanings every plant has (model/src/signature.rs `BUILT_IN_MEANINGS`), each with its label's id. */
export const BUILT_IN_MEANINGS: ReadonlyArray<{ code: string; label: string }> = [
  { code: 'REVIEWED', label: 'web.signature.meaning.REVIEWED' },
  { code: 'APPROVED', label: 'web.signature.meaning.APPROVED' },
];

/** A meaning the plant configured. */
export interface ConfiguredMeaning {
  code: string;
  name: string;
}

/**
 * The plant's own meanings. Only ADMIN and _SUPER may list them (the server's rule of
 * `signaturemeanings`); for anyone else, and when the list cannot be read, the choice is the
 * built-in meanings alone, without an error shown.
 */
export function useConfiguredMeanings(enabled: boolean): ConfiguredMeaning[] {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  const mayList = allows(ACCESS.entities.signaturemeanings.list, role, privileges);
  const query = useQuery({
    queryKey: ['signaturemeanings', 'choice'],
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/signaturemeanings', { signal })).then((r) => r.data ?? []),
    enabled: enabled && mayList,
    retry: false,
    staleTime: 0,
  });
  return (query.data ?? []).map((m) => ({ code: m.code, name: m.name }));
}

/** The field errors of a signature (`signature.password`, `signature.meaning`). */
export interface SignatureErrors {
  password?: string;
  meaning?: string;
}

/** A refused call that carried a signature: the errors that belong on its fields, and the rest. */
export interface SignatureRefusal {
  fields: SignatureErrors;
  /** The other field errors, else the server's message (none when only the signature's fields failed). */
  messages: string[];
  /** The password must be typed again: it was wrong, the signer may not sign, or the account waits (403, 429). */
  retype: boolean;
}

const FIELD_PREFIX = 'signature.';

/** Splits a refusal (an `ApiError`, else `fallback`) into the signature's field errors and the rest. */
export function signatureRefusal(error: unknown, fallback: string): SignatureRefusal {
  const body = error instanceof ApiError ? error.body : null;
  const errors = Object.entries(body?.errors ?? {});
  const fields: SignatureErrors = {};
  const others: string[] = [];
  for (const [key, message] of errors) {
    if (key === `${FIELD_PREFIX}password`) fields.password = message;
    else if (key === `${FIELD_PREFIX}meaning`) fields.meaning = message;
    else others.push(message);
  }
  const onFields = fields.password !== undefined || fields.meaning !== undefined;
  const messages = others.length > 0 ? others : onFields ? [] : [body?.message ?? fallback];
  const status = error instanceof ApiError ? error.status : 0;
  return { fields, messages, retype: status === 403 || status === 429 || fields.password !== undefined };
}
