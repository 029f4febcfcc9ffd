import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { StaleEditAlert } from '@/components/stale-edit-alert';
import { ApiError } from '@/lib/api-client';
import { differences, STARTED_FROM } from '@/lib/stale-edit';
import { useStaleEdit } from '@/lib/use-stale-edit';
import type { ConfigRecord, EntityDescriptor } from '../api/config-types';
import { useDisplayContext, useFieldLabel, useReferences } from '../hooks/use-display';
import { displayValue, referencedEntities } from '../utils/display';
import { checkValues, toFormValues, toPayload, type FormValues } from '../utils/field-inputs';
import { placeServerErrors, parseErrorKey } from '../utils/server-errors';
import { FieldInput } from './field-input';
import { ItemsEditor } from './items-editor';

export interface EntityFormProps {
  descriptor: EntityDescriptor;
  all: EntityDescriptor[];
  /** The line whose records the references offer. */
  lineId: string | null;
  record?: ConfigRecord;
  submitLabel: string;
  /** Sends the body; a rejection with field errors puts them on their inputs. */
  onSubmit: (payload: Record<string, unknown>) => Promise<unknown>;
  onCancel: () => void;
  /** The record as saved now (refetched when a save finds it changed): what a comparison shows. */
  latest?: ConfigRecord;
  /** Someone saved the record since this form opened it: the page fetches it again. */
  onStale?: () => void;
  /** Drops the input and opens the saved record. */
  onReload?: () => void;
}

/** The form of new and edit: one input per field by kind, checks on the client, the server's messages on their fields. */
export function EntityForm({ descriptor, all, lineId, record, submitLabel, onSubmit, onCancel, latest, onStale, onReload }: EntityFormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const fields = descriptor.fields;
  const [values, setValues] = useState<FormValues>(() => toFormValues(fields, record));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ byKey: Record<string, string>; other: string[] }>({ byKey: {}, other: [] });
  const [busy, setBusy] = useState(false);
  /** Bumped when a submit ends in errors, to move the focus to the first one. */
  const [failures, setFailures] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const problems = useMemo(() => checkValues(fields, values), [fields, values]);
  const refs = useReferences(all, referencedEntities(fields, values), lineId);
  const display = useDisplayContext(all, refs, true);
  const fieldLabel = useFieldLabel();
  /** The version of the record this form started from, sent with the edit (decision 97). */
  const edit = useStaleEdit(record?.updatedAt);

  const errorOf = (key: string): string | undefined => {
    const problem = problems[key];
    // Cells show their own problems once edited; a new empty row is not an error yet.
    if (problem && (submitted || touched.has(key))) return intl.formatMessage({ id: problem.id }, problem.values);
    return server.byKey[key];
  };

  /** A change drops the server's message on that input (and on every cell when rows move). */
  const change = (name: string, value: unknown, cell?: string) => {
    // An idList names records of the entity the field `by` picks: another pick, other records.
    const cleared = Object.fromEntries(fields.filter((f) => f.kind.type === 'idList' && f.kind.by === name).map((f) => [f.name, []]));
    setValues((v) => ({ ...v, ...cleared, [name]: value }));
    setTouched((s) => new Set(s).add(name).add(cell ?? name));
    setServer((s) => {
      const byKey = Object.fromEntries(Object.entries(s.byKey).filter(([k]) => parseErrorKey(k)?.field !== name || changedCellKept(k, values, name, value)));
      return { ...s, byKey };
    });
  };

  useEffect(() => {
    if (failures > 0) formRef.current?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]')?.focus();
  }, [failures]);

  const send = async () => {
    setSubmitted(true);
    if (busy) return;
    if (Object.keys(problems).length > 0) {
      setFailures((n) => n + 1);
      return;
    }
    setBusy(true);
    setServer({ byKey: {}, other: [] });
    const from = edit.begin();
    const payload = toPayload(fields, values);
    try {
      await onSubmit(record && from ? { ...payload, [STARTED_FROM]: from } : payload);
    } catch (err) {
      if (edit.refused(err, from, undefined)) {
        onStale?.();
      } else if (err instanceof ApiError && err.body?.errors) {
        setServer(placeServerErrors(fields, err.body.errors));
        setFailures((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  /** Saves over the record as saved now: the next edit starts from it. */
  const overwrite = () => {
    edit.startFrom(latest?.updatedAt);
    void send();
  };

  let compared;
  if (latest && edit.newer(latest.updatedAt)) {
    const mine = { ...values, ...toPayload(fields, values) };
    compared = differences(fields.map((f) => ({ key: f.name, label: fieldLabel(f.name), mine: displayValue(f, mine, display), theirs: displayValue(f, latest, display) })));
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={busy} data-testid="entity-form">
      <Stack gap="md" maw={960}>
        {edit.stale ? <StaleEditAlert message={edit.stale.message} differences={compared} busy={busy} onReload={() => onReload?.()} onOverwrite={overwrite} /> : null}
        {server.other.length > 0 ? (
          <Alert color="red" variant="light" role="alert">
            {server.other.join(' ')}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {fields
            .filter((f) => f.kind.type !== 'items')
            .map((f) => (
              <FieldInput key={f.name} field={f} value={values[f.name]} onChange={(v) => change(f.name, v)} error={errorOf(f.name)} refs={refs} values={values} />
            ))}
        </SimpleGrid>
        {fields
          .filter((f) => f.kind.type === 'items')
          .map((f) => (
            <ItemsEditor
              key={f.name}
              field={f}
              rows={(values[f.name] as FormValues[] | undefined) ?? []}
              onChange={(rows, cell) => change(f.name, rows, cell)}
              errorOf={errorOf}
              refs={refs}
              values={values}
            />
          ))}
        <Group>
          <Button type="submit" loading={busy} disabled={busy}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('web.common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Whether a server message on an items cell outlives an edit of the items: yes while the rows
 * stay in place and that very cell kept its value; removing or adding rows drops them all.
 */
function changedCellKept(key: string, before: FormValues, name: string, after: unknown): boolean {
  const parsed = parseErrorKey(key);
  if (!parsed || parsed.index === undefined || !parsed.inner) return false;
  const was = before[name];
  if (!Array.isArray(was) || !Array.isArray(after) || was.length !== after.length) return false;
  const a = (was[parsed.index] as FormValues | undefined)?.[parsed.inner];
  const b = (after[parsed.index] as FormValues | undefined)?.[parsed.inner];
  return a === b;
}
