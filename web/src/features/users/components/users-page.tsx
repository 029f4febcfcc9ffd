import { Badge, Button, Group, Modal, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { ListPagination } from '@/components/list-pagination';
import { Spinner } from '@/components/spinner';
import { decodeToken } from '@/lib/jwt';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { useErrorNotice, useQueryErrorNotice } from '@/lib/use-error-notice';
import { useDeleteUser, useGeneratePassword, useUsers, type User } from '../api/users-api';
import { PasswordOnceModal } from './password-once-modal';

const LIMIT = 20;
/** By status; the api types `status` as a string (`pending`, `active`, `inactive`). */
const STATUS_COLOR: Partial<Record<string, string>> = { active: '#1e7a34', pending: '#a65b00', inactive: '#495057' };

/** /users: the user list with search and paging (both in the URL), edit, delete, new password. */
export default function UsersPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text, 300);
  const users = useUsers(search, page, LIMIT);
  const remove = useDeleteUser();
  const generate = useGeneratePassword();
  const showError = useErrorNotice();
  const role = useSession((s) => s.role);
  const onPremise = useSession((s) => s.systemType) === 'ON_PREMISE';
  const me = decodeToken(useSession((s) => s.token))?.userEmail;
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [generated, setGenerated] = useState<{ email: string; password: string } | null>(null);

  useEffect(() => {
    if (debounced === search) return;
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (debounced) next.set('search', debounced);
      else next.delete('search');
      next.delete('page');
      return next;
    });
  }, [debounced, search, setParams]);

  useQueryErrorNotice(users);

  const manageable = (u: User) => u.email !== me && (u.role !== '_SUPER' || role === '_SUPER');
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIMIT));

  return (
    <section aria-labelledby="screen-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2" id="screen-title">
          {t('web.screen.users')}
        </Title>
        <Button component={Link} to="/users/createuser" data-testid="create-user">
          {t('web.users.createTitle')}
        </Button>
      </Group>
      <TextInput
        label={t('web.users.search')}
        type="search"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maw={360}
        mb="md"
      />
      {users.isPending ? (
        <Spinner fill />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover withTableBorder data-testid="users-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('web.field.email')}</Table.Th>
                <Table.Th>{t('web.field.username')}</Table.Th>
                <Table.Th>{t('web.users.fullName')}</Table.Th>
                <Table.Th>{t('web.users.role')}</Table.Th>
                <Table.Th>{t('web.users.status')}</Table.Th>
                <Table.Th>{t('web.users.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(users.data?.users ?? []).map((u) => (
                <Table.Tr key={u._id} data-email={u.email}>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{u.username ?? ''}</Table.Td>
                  <Table.Td>{u.fullName ?? ''}</Table.Td>
                  <Table.Td>{t(`web.role.${u.role}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[u.status]}>{t(`web.users.status.${u.status}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {u.role !== '_SUPER' || role === '_SUPER' ? (
                        <Button size="xs" variant="default" component={Link} to={`/users/edituser/${u._id}`} aria-label={t('web.users.editOf', { email: u.email })}>
                          {t('web.users.edit')}
                        </Button>
                      ) : null}
                      {onPremise && manageable(u) ? (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('web.users.newPasswordOf', { email: u.email })}
                          onClick={() =>
                            generate.mutate(u._id, {
                              onSuccess: ({ data }) => setGenerated({ email: u.email, password: data.temporaryPassword }),
                              onError: showError,
                            })
                          }
                        >
                          {t('web.users.newPassword')}
                        </Button>
                      ) : null}
                      {manageable(u) ? (
                        <Button size="xs" color="#c92a2a" variant="outline" onClick={() => setToDelete(u)} aria-label={t('web.users.deleteOf', { email: u.email })}>
                          {t('web.users.delete')}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {users.data && users.data.users.length === 0 ? <Text mt="sm">{t('web.users.none')}</Text> : null}
        </Table.ScrollContainer>
      )}
      <ListPagination
        total={pages}
        value={page}
        onChange={(p) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            next.set('page', String(p));
            return next;
          })
        }
      />
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title={t('web.users.deleteTitle')} centered>
        <Text size="sm">{t('web.users.deleteConfirm', { email: toDelete?.email ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>
            {t('web.common.cancel')}
          </Button>
          <Button
            color="#c92a2a"
            loading={remove.isPending}
            onClick={() =>
              toDelete &&
              remove.mutate(toDelete._id, {
                onSuccess: ({ message }) => {
                  notify(message ?? t('user.deleted'), 'success');
                  setToDelete(null);
                },
                onError: showError,
              })
            }
          >
            {t('web.users.delete')}
          </Button>
        </Group>
      </Modal>
      <PasswordOnceModal email={generated?.email ?? ''} password={generated?.password ?? null} onClose={() => setGenerated(null)} />
    </section>
  );
}
