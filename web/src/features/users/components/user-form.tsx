import { Role } from '@/generated/enums';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { mayGrant } from '@/lib/access';
import { useSession } from '@/lib/session-store';
import { useRuleForm } from '@/lib/use-rule-form';
import { USER_EMAIL_RULES, USERNAME_RULES, type Rule } from '@/lib/validation';
import type { UserFormInput } from '../api/users-api';
import { PrivilegesPicker } from './privileges-picker';

export interface UserFormProps {
  mode: 'create' | 'edit';
  /** On-premise installations name the user and generate a password. */
  withUsername: boolean;
  initial?: { email: string; username: string; fullName?: string; role: string; privileges: string[] };
  /** Own account or the super user: role and privileges stay. */
  lockAccess?: boolean;
  busy: boolean;
  onSubmit: (input: UserFormInput) => void;
}

/**
 * Create/edit a user: email, username where needed, the full name electronic signatures show
 * (edit only), role and privileges by group.
 */
export function UserForm({ mode, withUsername, initial, lockAccess = false, busy, onSubmit }: UserFormProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const t = (id: string) => intl.formatMessage({ id });
  const rules: Rule[] = [...(mode === 'create' ? USER_EMAIL_RULES : []), ...(withUsername ? USERNAME_RULES : [])];
  const form = useRuleForm(rules, {
    email: initial?.email ?? '',
    username: initial?.username ?? '',
    fullName: initial?.fullName ?? '',
    role: initial?.role ?? 'PRIVILEGE',
  });
  const [privileges, setPrivileges] = useState<string[]>(initial?.privileges ?? []);
  const actorRole = useSession((s) => s.role);
  const roles = lockAccess && initial?.role === '_SUPER' ? ['_SUPER'] : Role.filter((r) => r !== '_SUPER');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid) return;
    const role = form.values.role;
    onSubmit({
      ...(mode === 'create' ? { email: form.values.email.trim() } : {}),
      ...(withUsername || form.values.username ? { username: form.values.username.trim() } : {}),
      ...(mode === 'edit' ? { fullName: form.values.fullName.trim() } : {}),
      role,
      privileges: role === 'PRIVILEGE' ? privileges : [],
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput label={t('web.field.email')} type="email" required={mode === 'create'} readOnly={mode === 'edit'} {...form.field('email')} />
        {withUsername || mode === 'edit' ? (
          <TextInput label={t('web.field.username')} required={withUsername} {...form.field('username')} />
        ) : null}
        {mode === 'edit' ? (
          <TextInput label={t('web.users.fullName')} description={t('web.users.fullNameHint')} autoComplete="off" {...form.field('fullName')} data-testid="user-full-name" />
        ) : null}
        <Select
          label={t('web.users.role')}
          required
          disabled={lockAccess}
          allowDeselect={false}
          data={roles.map((r) => ({ value: r, label: t(`web.role.${r}`) }))}
          value={form.values.role}
          onChange={(v) => form.set('role', v ?? '')}
          error={form.errorOf('role')}
          data-testid="role-select"
        />
        {form.values.role === 'PRIVILEGE' && !lockAccess ? (
          <PrivilegesPicker value={privileges} onChange={setPrivileges} grantable={(p) => mayGrant(actorRole, p)} held={initial?.privileges ?? []} />
        ) : null}
        <Group>
          <Button type="submit" disabled={!form.valid} loading={busy}>
            {t(mode === 'create' ? 'web.users.create' : 'web.users.save')}
          </Button>
          <Button variant="default" onClick={() => void navigate('/users')}>
            {t('web.common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
