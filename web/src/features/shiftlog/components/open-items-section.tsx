/**
 * The entry's open items as a checklist: while the entry is open and the user may write, items
 * are added (the text field, Enter or "Add"), ticked done, reworded and removed, then saved
 * together (the server keeps the list as sent); items carried from the shift before are marked
 * so. Every control is a native one with its name (the item's number and text), so the list
 * works from the keyboard. After the handover the list is read-only.
 */
import { Alert, Badge, Button, Checkbox, Fieldset, Group, List, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { LIMITS } from '@/lib/limits';
import { useEditShiftLog } from '../api/shift-log-api';
import type { ShiftLog } from '../api/shift-log-types';
import { useShiftLogText, type ShiftLogText } from '../hooks/use-shift-log-text';
import { draftsOf, inputsOf, itemErrors, openCount, sameItems, type ItemDraft } from '../utils/open-items';

function CarriedBadge({ t }: { t: ShiftLogText['t'] }) {
  return (
    <Badge variant="outline" color="gray.8" c="gray.8" tt="none" style={{ minWidth: 'max-content' }} data-testid="shiftlog-item-carried">
      {t('web.shiftLog.carried')}
    </Badge>
  );
}

export function OpenItemsSection({ entry, editable }: { entry: ShiftLog; editable: boolean }) {
  const text = useShiftLogText(entry.lineId);
  const { t } = text;
  const [drafts, setDrafts] = useState<ItemDraft[] | null>(null);
  const [fresh, setFresh] = useState('');
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const counter = useRef(0);
  const newInput = useRef<HTMLInputElement>(null);
  const edit = useEditShiftLog();
  // Read-only (handed over meanwhile): the entry's own list, whatever was being changed.
  const items = editable && drafts ? drafts : draftsOf(entry.openItems);
  const changed = drafts !== null && !sameItems(drafts, entry.openItems);
  const shown = itemErrors(errors);

  const change = (next: ItemDraft[]) => {
    setDrafts(next);
    setErrors(null);
  };
  const patch = (key: string, p: Partial<ItemDraft>) => change(items.map((i) => (i.key === key ? { ...i, ...p } : i)));
  const add = () => {
    const words = fresh.trim();
    if (!words) return;
    counter.current += 1;
    change([...items, { key: `new-${counter.current}`, id: null, text: words, done: false, carriedFrom: null }]);
    setFresh('');
  };
  const remove = (key: string) => {
    change(items.filter((i) => i.key !== key));
    newInput.current?.focus();
  };
  const save = () => {
    setProblem(null);
    edit.mutate(
      { id: entry.id, body: { openItems: inputsOf(items) } },
      {
        onSuccess: ({ message }) => {
          setDrafts(null);
          setErrors(null);
          notify(message ?? t('web.shiftLog.saved'), 'success');
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.body?.errors ?? {}) : {};
          const found = itemErrors(fields);
          setErrors(fields);
          if (Object.keys(found.byIndex).length === 0 && !found.list) setProblem((err instanceof ApiError ? err.firstError() : undefined) ?? t('server.error'));
        },
      },
    );
  };
  const onNewKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  const open = openCount(items);
  return (
    <section aria-labelledby="shiftlog-items" data-testid="shiftlog-items">
      <Group gap="sm" mb="xs" align="baseline" wrap="wrap">
        <Title order={2} size="h4" id="shiftlog-items">
          {t('web.shiftLog.openItems')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="shiftlog-items-count">
          {t('web.shiftLog.itemsOpenOf', { open, total: items.length })}
        </Text>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" mb="xs" data-testid="shiftlog-items-none">
          {t('web.shiftLog.noItems')}
        </Text>
      ) : editable ? (
        // Nothing changes while the list is being saved (the answer replaces it).
        <Fieldset variant="unstyled" disabled={edit.isPending} p={0} m={0}>
          <List listStyleType="none" spacing="xs" mb="sm" maw={960} aria-labelledby="shiftlog-items" data-testid="shiftlog-item-list">
            {items.map((item, i) => (
              <List.Item key={item.key} data-testid="shiftlog-item" data-key={item.key} data-done={item.done} data-carried={Boolean(item.carriedFrom)} styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Checkbox
                    mt={8}
                    checked={item.done}
                    onChange={(e) => patch(item.key, { done: e.currentTarget.checked })}
                    aria-label={t('web.shiftLog.itemDone', { n: i + 1, text: item.text })}
                    data-testid="shiftlog-item-done"
                  />
                  <TextInput
                    flex={1}
                    value={item.text}
                    maxLength={LIMITS.shiftLogItem}
                    onChange={(e) => patch(item.key, { text: e.currentTarget.value })}
                    aria-label={t('web.shiftLog.itemText', { n: i + 1 })}
                    error={shown.byIndex[i]}
                    td={item.done ? 'line-through' : undefined}
                    data-testid="shiftlog-item-text"
                  />
                  {item.carriedFrom ? (
                    <Group mt={6}>
                      <CarriedBadge t={t} />
                    </Group>
                  ) : null}
                  <Button variant="outline" color="#c92a2a" onClick={() => remove(item.key)} aria-label={t('web.shiftLog.removeItem', { n: i + 1, text: item.text })} data-testid="shiftlog-item-remove">
                    {t('web.shiftLog.remove')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        </Fieldset>
      ) : (
        <List listStyleType="none" spacing="xs" mb="sm" aria-labelledby="shiftlog-items" data-testid="shiftlog-item-list">
          {items.map((item) => (
            <List.Item key={item.key} data-testid="shiftlog-item" data-key={item.key} data-done={item.done} data-carried={Boolean(item.carriedFrom)}>
              <Group gap="sm" wrap="wrap">
                <Text span fw={700} aria-hidden="true">
                  {item.done ? '☑' : '☐'}
                </Text>
                <Text span td={item.done ? 'line-through' : undefined} data-testid="shiftlog-item-label">
                  {item.text}
                </Text>
                <Text span size="sm" c="dimmed">
                  {t(item.done ? 'web.shiftLog.itemIsDone' : 'web.shiftLog.itemIsOpen')}
                </Text>
                {item.carriedFrom ? <CarriedBadge t={t} /> : null}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {editable ? (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap" mb="sm">
            <TextInput
              ref={newInput}
              disabled={edit.isPending}
              label={t('web.shiftLog.newItem')}
              placeholder={t('web.shiftLog.newItemHint')}
              value={fresh}
              maxLength={LIMITS.shiftLogItem}
              onChange={(e) => setFresh(e.currentTarget.value)}
              onKeyDown={onNewKey}
              w={420}
              maw="100%"
              data-testid="shiftlog-item-new"
            />
            <Button variant="default" onClick={add} disabled={!fresh.trim() || edit.isPending} data-testid="shiftlog-item-add">
              {t('web.shiftLog.addItem')}
            </Button>
          </Group>
          {shown.list || problem ? (
            <Alert color="red" variant="light" role="alert" mb="sm" data-testid="shiftlog-items-problem">
              {shown.list ?? problem}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button onClick={save} disabled={!changed} loading={edit.isPending} data-testid="shiftlog-items-save">
              {t('web.shiftLog.saveItems')}
            </Button>
            {changed ? (
              <Text size="sm" c="dimmed" data-testid="shiftlog-items-unsaved">
                {t('web.shiftLog.unsaved')}
              </Text>
            ) : null}
          </Group>
        </>
      ) : problem ? (
        <Alert color="red" variant="light" role="alert" data-testid="shiftlog-items-problem">
          {problem}
        </Alert>
      ) : null}
    </section>
  );
}
