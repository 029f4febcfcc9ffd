/**
 * /reports/subscriptions/:id: one scheduled report — what it delivers (the report, its heading
 * and columns, its filters, read-only: they are changed by saving the report again from its
 * screen), its settings in the form the "Deliver this" dialog has (saved with the version it
 * was opened at: someone else's save meanwhile is refused with who and when, and the form
 * offers to compare, reload or save over it), deleting it behind a confirmation, and its
 * deliveries. Only its owner or an administrator changes it; others read it.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DeleteDialog } from '@/components/delete-dialog';
import { FactsTable, type Fact } from '@/components/facts-table';
import { Spinner } from '@/components/spinner';
import { StaleEditAlert } from '@/components/stale-edit-alert';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { differences, type Difference } from '@/lib/stale-edit';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useStaleEdit } from '@/lib/use-stale-edit';
import type { Subscription, SubscriptionInput } from '../api/subscription-types';
import { subscriptionKeys, useDeleteSubscription, useEditSubscription, useSubscription } from '../api/subscriptions-api';
import { useFilterFacts } from '../hooks/use-filter-facts';
import { useMayChangeSubscription } from '../hooks/use-report-access';
import { useSubscriptionForm } from '../hooks/use-subscription-form';
import { useSubscriptionText, type SubscriptionText } from '../hooks/use-subscription-text';
import { subscriptionPaths } from '../utils/paths';
import { settingsInput, valuesOf, type SubscriptionValues } from '../utils/subscription-form';
import { DeliveryHistory } from './delivery-table';
import { SubscriptionFields } from './subscription-fields';

export function SubscriptionPage() {
  const { id = '' } = useParams();
  const subscription = useSubscription(id);
  const text = useSubscriptionText(subscription.data?.zone);
  const { t } = text;
  /** Bumped by "reload" after someone saved meanwhile: the form opens the subscription as saved now. */
  const [opened, setOpened] = useState(0);
  const back = (
    <Button variant="subtle" component={Link} to={subscriptionPaths.list} data-testid="subscription-back">
      {t('web.subscription.back')}
    </Button>
  );

  const s = subscription.data;
  if (!s) {
    const missing = subscription.error instanceof ApiError && subscription.error.status === 404;
    return (
      <section aria-labelledby="screen-title" aria-busy={subscription.isPending}>
        <Title order={1} size="h2" id="screen-title" mb="md">
          {t('web.screen.reportSubscription')}
        </Title>
        {subscription.isPending ? (
          <Spinner fill />
        ) : (
          <Alert color={missing ? 'gray' : 'red'} variant="light" role="alert" mb="md" data-testid="subscription-problem">
            {(subscription.error instanceof ApiError ? subscription.error.firstError() : undefined) ?? t('server.error')}
          </Alert>
        )}
        {back}
      </section>
    );
  }

  return (
    <section aria-labelledby="screen-title" data-testid="subscription" data-id={s._id}>
      <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2" id="screen-title">
            {s.name}
          </Title>
          <Text size="sm" c="dimmed" data-testid="subscription-cadence-text">
            {t('web.subscription.summaryLine', { report: text.report(s), cadence: text.cadence(s), zone: s.zone })}
          </Text>
        </Stack>
        {back}
      </Group>
      <Stack gap="xl">
        <Summary subscription={s} text={text} />
        <SettingsForm key={`${s._id}/${opened}`} record={s} text={text} onReload={() => void subscription.refetch().then(() => setOpened((n) => n + 1))} />
        <DeliveryHistory id={s._id} text={text} />
      </Stack>
    </section>
  );
}

const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** What it delivers and whose it is, read-only. */
function Summary({ subscription: s, text }: { subscription: Subscription; text: SubscriptionText }) {
  const { t } = text;
  const filters = useFilterFacts(s.filters);
  const layout = s.layout ?? {};
  const heading = typeof layout.heading === 'string' ? layout.heading : '—';
  const columns = texts(layout.headers);
  const facts: Fact[] = [
    { id: 'report', label: t('web.subscription.col.report'), value: text.report(s) },
    { id: 'heading', label: t('web.subscription.heading'), value: heading },
    { id: 'columns', label: t('web.subscription.columns'), value: columns.length > 0 ? columns.join(' · ') : '—' },
    ...filters.map((f) => ({ ...f, id: `filter.${f.id}` })),
    { id: 'zone', label: t('web.subscription.col.zone'), value: s.zone },
    { id: 'next', label: t('web.subscription.col.next'), value: text.next(s) },
    { id: 'owner', label: t('web.subscription.col.owner'), value: s.owner },
    { id: 'updated', label: t('web.subscription.updated'), value: t('web.subscription.byAt', { by: s.updatedBy ?? s.owner, at: text.at(s.updatedAt) }) },
  ];
  return (
    <Stack component="section" gap="xs" aria-labelledby="summary-title">
      <Title order={2} size="h4" id="summary-title">
        {t('web.subscription.what')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('web.subscription.whatHint')}
      </Text>
      <FactsTable facts={facts} label={t('web.subscription.what')} testId="subscription-summary" maw={760} />
    </Stack>
  );
}

/** The fields where the unsaved settings and the subscription as saved meanwhile differ, as the form shows them. */
function settingsDifferences(mine: SubscriptionValues, theirs: Subscription, text: SubscriptionText): Difference[] {
  const a = valuesOf(theirs);
  const { t } = text;
  const row = (key: string, label: string, m: string, th: string) => ({ key, label: t(label), mine: m, theirs: th });
  return differences([
    row('name', 'web.subscription.field.name', mine.name, a.name),
    row('cadence', 'web.subscription.field.cadence', text.cadence({ ...mine, dayOfMonth: mine.dayOfMonth === '' ? null : mine.dayOfMonth }), text.cadence(theirs)),
    row('format', 'web.subscription.field.format', text.format(mine.format), text.format(a.format)),
    row('recipients', 'web.subscription.field.recipients', mine.recipients.join(', '), a.recipients.join(', ')),
    row('language', 'web.subscription.field.language', text.language(mine.language), text.language(a.language)),
  ]);
}

function SettingsForm({ record, text, onReload }: { record: Subscription; text: SubscriptionText; onReload: () => void }) {
  const { t } = text;
  const client = useQueryClient();
  const navigate = useNavigate();
  const showError = useErrorNotice();
  const { lines } = useLines();
  const form = useSubscriptionForm(() => valuesOf(record));
  /** The version this form started from, sent with each save (decision 97). */
  const stale = useStaleEdit<SubscriptionInput>(record.updatedAt);
  const edit = useEditSubscription();
  const remove = useDeleteSubscription();
  const [asking, setAsking] = useState(false);
  const mayChange = useMayChangeSubscription(record.owner);
  const lineName = record.lineId ? (lines.find((l) => l._id === record.lineId)?.name ?? record.lineId) : null;

  const send = (input: SubscriptionInput) => {
    const from = stale.begin();
    edit.mutate(
      { id: record._id, input: { ...input, updatedAt: from } },
      {
        onSuccess: ({ data, message }) => {
          stale.startFrom(data.updatedAt);
          notify(message ?? t('web.subscription.saved'), 'success');
        },
        onError: (err) => {
          if (stale.refused(err, from, input)) {
            void client.invalidateQueries({ queryKey: subscriptionKeys.one(record._id) });
            return;
          }
          form.refused(err);
        },
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.ready()) return;
    send({ report: record.report, filters: record.filters, layout: record.layout, ...settingsInput(form.values) });
  };
  const confirmDelete = () =>
    remove.mutate(record._id, {
      onSuccess: ({ message }) => {
        notify(message ?? t('web.subscription.deleted'), 'success');
        void navigate(subscriptionPaths.list);
      },
      onError: (err) => {
        setAsking(false);
        showError(err);
      },
    });

  const refusal = stale.stale;
  return (
    <Stack component="section" gap="md" aria-labelledby="settings-title">
      <Title order={2} size="h4" id="settings-title">
        {t('web.subscription.settings')}
      </Title>
      {mayChange ? null : (
        <Alert color="gray" variant="light" data-testid="subscription-read-only">
          {t('subscription.notYours', { owner: record.owner })}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-busy={edit.isPending} data-testid="subscription-form">
        <Stack gap="md" maw={760}>
          {refusal ? (
            <StaleEditAlert
              message={refusal.message}
              differences={stale.newer(record.updatedAt) ? settingsDifferences(form.values, record, text) : undefined}
              busy={edit.isPending}
              onReload={onReload}
              onOverwrite={() => {
                stale.startFrom(record.updatedAt);
                send(refusal.input);
              }}
            />
          ) : null}
          <SubscriptionFields values={form.values} errors={form.errors} onChange={form.change} zone={record.zone} lineName={lineName} disabled={!mayChange} />
          {form.problem.length > 0 ? (
            <Alert color="red" variant="light" role="alert" data-testid="subscription-form-problem">
              {form.problem.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </Alert>
          ) : null}
          {mayChange ? (
            <Group>
              <Button type="submit" loading={edit.isPending} data-testid="subscription-save">
                {t('web.subscription.save')}
              </Button>
              <Button variant="outline" color="#c92a2a" onClick={() => setAsking(true)} disabled={edit.isPending} data-testid="subscription-delete">
                {t('web.subscription.delete')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
      <DeleteDialog target={asking ? record.name : null} busy={remove.isPending} onConfirm={confirmDelete} onClose={() => setAsking(false)} />
    </Stack>
  );
}
