import { Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { LineSelect } from '@/components/line-select';
import { Spinner } from '@/components/spinner';
import type { LineRef } from '@/lib/lines';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useCarryOver, useLineMaterials } from '../../api/carry-over-api';
import { useScheduleText } from '../../hooks/use-schedule-text';
import { CarryOverForm } from './carry-over-form';

export interface CarryOverDialogProps {
  lines: LineRef[];
  initialLineId: string | null;
  /** Users with scheduleUpdate may change the settings; the others read them. */
  canEdit: boolean;
  onClose: () => void;
}

/** A line's carry-over settings: which class may follow which without a flush, and the flush itself. */
export function CarryOverDialog({ lines, initialLineId, canEdit, onClose }: CarryOverDialogProps) {
  const { t } = useScheduleText();
  const [lineId, setLineId] = useState(initialLineId);
  /** Bumped by "reload" after someone saved the settings meanwhile: the form starts afresh. */
  const [reloads, setReloads] = useState(0);
  const settings = useCarryOver(lineId);
  const materials = useLineMaterials(lineId);
  useQueryErrorNotice(settings);
  return (
    <Modal opened onClose={onClose} title={t('web.schedules.carryOver.settings')} size="xl" closeButtonProps={{ 'aria-label': t('web.schedules.dialog.close') }} centered>
      <Stack gap="md">
        <LineSelect lines={lines} value={lineId} onChange={setLineId} data-testid="carry-over-line" />
        {settings.data && lineId ? (
          <CarryOverForm
            key={`${lineId}:${reloads}`}
            lineId={lineId}
            settings={settings.data}
            materials={materials.data ?? []}
            canEdit={canEdit}
            onDone={onClose}
            onReload={() => setReloads((n) => n + 1)}
          />
        ) : settings.isPending && lineId ? (
          <Spinner />
        ) : null}
      </Stack>
    </Modal>
  );
}
