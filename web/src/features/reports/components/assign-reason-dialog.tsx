/**
 * The dialog that gives a stop its reason (REPORTS_UPDATE): which stop it is, a select of the
 * stop reasons of its line (the reason in force chosen), Save and Cancel. Saved, it closes and
 * shows the server's message; the report refreshes. A refusal stays in the dialog: a field error
 * on the select, any other message in an alert. Mantine's modal traps the focus, closes on
 * Escape and gives the focus back to the button that opened it.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { Stop } from '../api/report-types';
import { useAssignReason, useStopReasons } from '../api/stop-reasons-api';
import { useReportFormat } from '../hooks/use-report-format';
import { reasonLabel } from '../utils/pareto';
import { stopReason } from './stop-columns';

interface Props {
  /** The stop to give a reason; null: closed. */
  stop: Stop | null;
  onClose: () => void;
}

export function AssignReasonDialog({ stop, onClose }: Props) {
  const fmt = useReportFormat();
  return (
    <Modal
      opened={stop !== null}
      onClose={onClose}
      title={fmt.t('web.report.assign.title')}
      closeButtonProps={{ 'aria-label': fmt.t('web.report.assign.close') }}
      centered
      data-testid="assign-dialog"
    >
      {stop ? <AssignForm key={`${stop.lineId}|${stop.startedAt}`} stop={stop} onClose={onClose} /> : null}
    </Modal>
  );
}

function AssignForm({ stop, onClose }: { stop: Stop; onClose: () => void }) {
  const fmt = useReportFormat();
  const reasons = useStopReasons(stop.lineId);
  const assign = useAssignReason();
  const [reasonId, setReasonId] = useState<string | null>(stop.reasonId ?? null);
  const [required, setRequired] = useState(false);
  const error = assign.error instanceof ApiError ? assign.error : null;
  const fieldError = required ? fmt.t('web.report.assign.required') : error?.body?.errors?.stopReasonId;
  const alert = assign.isError && !fieldError ? (error?.firstError() ?? fmt.t('server.error')) : null;
  const options = (reasons.data ?? []).map((r) => ({ value: r._id, label: reasonLabel(r) }));

  const save = () => {
    if (!reasonId) {
      setRequired(true);
      return;
    }
    assign.mutate(
      { lineId: stop.lineId, startedAt: stop.startedAt, stopReasonId: reasonId },
      {
        onSuccess: ({ message }) => {
          notify(message ?? fmt.t('web.report.assign.saved'), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" data-testid="assign-stop">
          {fmt.t('web.report.assign.stop', {
            line: stop.lineName ?? stop.lineId,
            start: fmt.dateTime(stop.startedAt),
            duration: fmt.duration(stop.durationS),
            reason: stopReason(stop, fmt),
          })}
        </Text>
        <Select
          label={fmt.t('web.report.assign.reason')}
          placeholder={fmt.t(reasons.isPending ? 'web.common.loading' : 'web.report.assign.choose')}
          data={options}
          value={reasonId}
          onChange={(v) => {
            setReasonId(v);
            setRequired(false);
          }}
          searchable={options.length > 8}
          nothingFoundMessage={fmt.t('web.report.assign.none')}
          error={fieldError ?? (reasons.isError ? fmt.t('server.error') : undefined)}
          required
          comboboxProps={{ withinPortal: false }}
          data-autofocus
          data-testid="assign-reason"
        />
        {alert ? (
          <Alert color="red" variant="light" role="alert" data-testid="assign-error">
            {alert}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {fmt.t('web.report.assign.cancel')}
          </Button>
          <Button type="submit" loading={assign.isPending} data-testid="assign-save">
            {fmt.t('web.report.assign.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
