import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { SignatureFields } from '@/components/signature-fields';
import type { MoveState, MoveTarget } from '../hooks/use-status-move';
import { useScheduleText, type ScheduleText } from '../hooks/use-schedule-text';
import { isDestructive } from '../utils/status';

type MoveWords = ReturnType<ScheduleText['move']>;

/**
 * Asks before a status move, naming the order. Releasing a medicated order asks for the
 * releaser's electronic signature. A release refused for carry-over shows the server's message
 * and, for users who may add orders, "Insert a flush and release".
 */
export function MoveDialog({ state, canFlush }: { state: MoveState; canFlush: boolean }) {
  const text = useScheduleText();
  const { t } = text;
  const target = state.target;
  const words = target ? text.move(target.move, target.record.orderNumber) : null;
  return (
    <Modal opened={target !== null} onClose={state.close} title={words?.of} closeButtonProps={{ 'aria-label': t('web.schedules.dialog.close') }} centered>
      {/* Nothing while it fades out: the buttons would have lost their names with the target. */}
      {target && words ? (
        <MoveBody state={state} target={target} words={words} canFlush={canFlush} />
      ) : null}
    </Modal>
  );
}

function MoveBody({ state, target, words, canFlush }: { state: MoveState; target: MoveTarget; words: MoveWords; canFlush: boolean }) {
  const text = useScheduleText();
  const { t } = text;
  return (
    <>
      <Text size="sm">{words.confirm}</Text>
      {state.signed ? (
        <Stack gap="xs" mt="md">
          <Text size="sm" data-testid="move-signature-needed">
            {t('web.schedules.move.signatureNeeded', { order: target.record.orderNumber, class: text.medicationClass(target.record.medicationClass) })}
          </Text>
          <SignatureFields state={state.signature} />
        </Stack>
      ) : null}
      {state.conflict ? (
        <Alert color="#8a4b00" variant="light" mt="md" role="alert" title={t('web.schedules.carryOver.title')} data-testid="move-conflict">
          <Text size="sm">{state.conflict.message}</Text>
          {canFlush ? null : (
            <Text size="sm" mt="xs">
              {t('web.schedules.carryOver.askPlanner')}
            </Text>
          )}
        </Alert>
      ) : null}
      {state.problem ? (
        <Alert color="red" variant="light" mt="md" role="alert" data-testid="move-problem">
          {state.problem}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={state.close} disabled={state.busy}>
          {t('web.schedules.dialog.back')}
        </Button>
        {state.conflict && canFlush ? (
          <Button color="#8a4b00" loading={state.busy} onClick={state.flushAndRelease} disabled={!state.ready} data-testid="flush-and-release">
            {t('web.schedules.carryOver.flushAndRelease')}
          </Button>
        ) : (
          <Button color={isDestructive(target.move) ? '#c92a2a' : undefined} loading={state.busy} onClick={state.confirm} disabled={state.conflict !== null || !state.ready} data-testid="confirm-move">
            {words.label}
          </Button>
        )}
      </Group>
    </>
  );
}
