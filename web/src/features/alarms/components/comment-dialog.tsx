/**
 * An alarm point's comments, newest first (those of its newest occurrence), and — for a user who
 * may handle alarms — a new one; the server's field error shows on the text.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { PlantFormat } from '@/lib/plant-time';
import type { AlarmRow } from '../api/alarm-types';
import { useCommentAlarm } from '../api/alarms-api';

export interface CommentDialogProps {
  /** The point whose comments show; null closes the dialog. */
  row: AlarmRow | null;
  canAct: boolean;
  plant: PlantFormat;
  onClose: () => void;
}

export function CommentDialog({ row, canAct, plant, onClose }: CommentDialogProps) {
  const intl = useIntl();
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? intl.formatMessage({ id: 'web.alarms.commentsTitle' }, { code: row.code, line: row.lineName }) : ''} centered size="lg">
      {row ? <CommentBody key={row.key} row={row} canAct={canAct} plant={plant} onClose={onClose} /> : null}
    </Modal>
  );
}

function CommentBody({ row, canAct, plant, onClose }: { row: AlarmRow; canAct: boolean; plant: PlantFormat; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const comment = useCommentAlarm();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const comments = row.comments ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(t('web.alarms.commentRequired'));
      return;
    }
    setError(undefined);
    setProblem(null);
    comment.mutate(
      { id: row.id, text: text.trim() },
      {
        onSuccess: ({ message }) => {
          notify(message ?? t('web.alarms.commented'), 'success');
          onClose();
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.body?.errors?.text : undefined;
          setError(field);
          if (!field) setProblem((err instanceof ApiError ? err.firstError() : undefined) ?? t('server.error'));
        },
      },
    );
  };

  const list =
    comments.length === 0 ? (
      <Text size="sm" c="dimmed" data-testid="alarm-no-comments">
        {t('web.alarms.noComments')}
      </Text>
    ) : (
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="alarm-comments">
        {comments.map((c, i) => (
          <li key={`${c.at}-${i}`}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {c.text}
            </Text>
            <Text size="xs" c="dimmed">
              {t('web.alarms.commentBy', { author: c.author, time: plant.dateTime(c.at) })}
            </Text>
          </li>
        ))}
      </Stack>
    );

  if (!canAct)
    return (
      <Stack gap="md">
        {list}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('web.common.close')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={submit} noValidate data-testid="comment-dialog">
      <Stack gap="md">
        {list}
        <Textarea
          label={t('web.alarms.commentText')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          required
          rows={3}
          data-autofocus
          data-testid="comment-text"
        />
        <FormDialogActions name="comment" problem={problem} pending={comment.isPending} onCancel={onClose} submit={t('web.alarms.addComment')} />
      </Stack>
    </form>
  );
}
