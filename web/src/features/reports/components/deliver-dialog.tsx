/**
 * "Deliver this…" beside a report section's exports (issue 35, item 3): for a report the
 * server can deliver, a dialog saves it as a subscription — the report as filtered now (the
 * range left out: each period gives its own), laid out as its PDF export lays it out (without
 * the charts, which are not drawn server-side), delivered at each shift's end, daily, weekly or
 * monthly at a time of the line's zone (the lines' common zone for every line), as PDF, Excel
 * or CSV, to the recipients in the language chosen (the user's own at first). The server's
 * field errors show on their fields; saved, a notification says so with a link to the
 * subscription.
 */
import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { FactsRow } from '@/components/facts-table';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { Language } from '@/generated/enums';
import { DEFAULT_LOCALE, useLocale } from '@/lib/locale-store';
import { LINK_NOTIFICATION_MS, notify } from '@/lib/notify';
import { zoneOf } from '@/lib/plant-time';
import { useLines } from '@/lib/use-lines';
import type { DeliverySource } from '../api/subscription-types';
import { useAddSubscription } from '../api/subscriptions-api';
import { useFilterFacts } from '../hooks/use-filter-facts';
import { useCanDeliverReports } from '../hooks/use-report-access';
import type { ExportSource } from '../hooks/use-report-export';
import { useReportFormat } from '../hooks/use-report-format';
import { useSubscriptionForm } from '../hooks/use-subscription-form';
import { useSubscriptionText } from '../hooks/use-subscription-text';
import { dataColumns } from '../utils/columns';
import { isDeliverable, segmentOf, subscriptionFilters } from '../utils/deliverable';
import { PARAM } from '../utils/filters';
import { subscriptionPaths } from '../utils/paths';
import { reportLayout } from '../utils/pdf-request';
import { newValues, settingsInput } from '../utils/subscription-form';
import { SubscriptionFields } from './subscription-fields';

/** The button and its dialog; nothing for a report the server cannot deliver, or a user who may not read reports. */
export function DeliverButton<R>({ source }: { source: ExportSource<R> }) {
  const { t } = useReportFormat();
  const allowed = useCanDeliverReports();
  const [delivery, setDelivery] = useState<DeliverySource | null>(null);
  if (!allowed || !isDeliverable(source.path)) return null;
  // What is delivered is taken when the dialog opens: the filters and columns shown then.
  const open = () =>
    setDelivery({
      report: segmentOf(source.path),
      filters: subscriptionFilters(source.params),
      layout: reportLayout(source.heading, source.heading, dataColumns(source.columns), source.rowsField, t),
      heading: source.heading,
    });
  return (
    <>
      <Button variant="default" onClick={open} aria-haspopup="dialog" aria-label={t('web.subscription.deliverOf', { report: source.heading })} data-testid="deliver-open">
        {t('web.subscription.deliver')}
      </Button>
      <DeliverDialog source={delivery} onClose={() => setDelivery(null)} />
    </>
  );
}

/** The dialog of `source` (null: closed). */
export function DeliverDialog({ source, onClose }: { source: DeliverySource | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal opened={source !== null} onClose={onClose} title={intl.formatMessage({ id: 'web.subscription.deliverTitle' })} centered size="lg">
      {/* A fresh form each time: it starts from the report as it is filtered now. */}
      {source ? <DeliverForm source={source} onClose={onClose} /> : null}
    </Modal>
  );
}

function DeliverForm({ source, onClose }: { source: DeliverySource; onClose: () => void }) {
  const locale = useLocale((s) => s.locale);
  const { lines } = useLines();
  const lineId = source.filters[PARAM.line] ?? null;
  const zone = zoneOf(lines, lineId);
  const text = useSubscriptionText(zone);
  const { t } = text;
  const navigate = useNavigate();
  const add = useAddSubscription();
  const language = (Language as readonly string[]).includes(locale) ? locale : DEFAULT_LOCALE;
  const form = useSubscriptionForm(() => newValues(source.heading, language));
  const facts = useFilterFacts(source.filters);
  const lineName = lineId ? (lines.find((l) => l._id === lineId)?.name ?? lineId) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.ready()) return;
    add.mutate(
      { report: source.report, filters: source.filters, layout: source.layout, ...settingsInput(form.values) },
      {
        onSuccess: ({ data, message }) => {
          const path = subscriptionPaths.one(data._id);
          notify(
            <>
              {message ?? t('web.subscription.saved')}{' '}
              <Anchor
                href={path}
                onClick={(ev) => {
                  ev.preventDefault();
                  void navigate(path);
                }}
                data-testid="deliver-saved-link"
              >
                {t('web.subscription.openSaved')}
              </Anchor>
            </>,
            'success',
            LINK_NOTIFICATION_MS,
          );
          onClose();
        },
        onError: form.refused,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={add.isPending} data-testid="deliver-dialog" data-report={source.report}>
      <Stack gap="md">
        <Text size="sm">{t('web.subscription.deliverIntro', { report: source.heading })}</Text>
        <FactsRow facts={facts} label={t('web.subscription.filters')} testId="deliver-filters" />
        <SubscriptionFields values={form.values} errors={form.errors} onChange={form.change} zone={zone} lineName={lineName} />
        <FormDialogActions
          name="deliver"
          problem={form.problem.length > 0 ? form.problem.map((p) => <div key={p}>{p}</div>) : null}
          pending={add.isPending}
          onCancel={onClose}
          submit={t('web.subscription.deliverSubmit')}
        />
      </Stack>
    </form>
  );
}
