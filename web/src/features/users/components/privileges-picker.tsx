import { Checkbox, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { PRIVILEGE_ACTIONS, PRIVILEGE_GROUPS, PRIVILEGES } from '@/lib/access';

/**
 * Privileges by group, each with CREATE, READ, UPDATE, DELETE where the group has it (§6, §9;
 * alarms are read and handled only). A privilege the signed-in
 * user may not grant (`grantable`) is shown but cannot be switched on — or off, where the user
 * holds it already (what the super user granted stays) — and a note says why.
 */
export function PrivilegesPicker({
  value,
  onChange,
  grantable = () => true,
  held = [],
}: {
  value: string[];
  onChange: (next: string[]) => void;
  grantable?: (privilege: string) => boolean;
  held?: readonly string[];
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const noteId = `privileges-note-${useId().replace(/:/g, '')}`;
  const locked = (name: string) => !grantable(name) && !held.includes(name);
  const exists = (name: string) => PRIVILEGES.includes(name);
  const anyLocked = PRIVILEGE_GROUPS.some((g) => PRIVILEGE_ACTIONS.some((a) => exists(`${g}${a}`) && locked(`${g}${a}`)));
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...new Set([...value, name])].sort() : value.filter((p) => p !== name));
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600, fontSize: 14, marginBottom: 8 }}>{t('web.users.privileges')}</legend>
      <Table.ScrollContainer minWidth={420}>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('web.users.privilegeGroup')}</Table.Th>
              {PRIVILEGE_ACTIONS.map((a) => (
                <Table.Th key={a}>{t(`web.privilege.action.${a}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PRIVILEGE_GROUPS.map((g) => (
              <Table.Tr key={g}>
                <Table.Td>{t(`web.privilege.group.${g}`)}</Table.Td>
                {PRIVILEGE_ACTIONS.map((a) => {
                  const name = `${g}${a}`;
                  if (!exists(name)) return <Table.Td key={a} />;
                  return (
                    <Table.Td key={a}>
                      <Checkbox
                        aria-label={`${t(`web.privilege.group.${g}`)}: ${t(`web.privilege.action.${a}`)}`}
                        checked={value.includes(name)}
                        disabled={locked(name)}
                        aria-describedby={locked(name) ? noteId : undefined}
                        onChange={(e) => toggle(name, e.currentTarget.checked)}
                        data-privilege={name}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {anyLocked ? (
        <Text size="sm" c="dimmed" mt={4} id={noteId} data-testid="privileges-note">
          {t('web.users.superOnlyPrivileges')}
        </Text>
      ) : null}
    </fieldset>
  );
}
