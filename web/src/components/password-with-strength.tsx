import { Group, List, PasswordInput, Popover, Text, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { StrengthBadge } from './strength-badge';

/** A password field with the strength badge and a hint popover shown while it has focus. */
export function PasswordWithStrength({ score, ...props }: PasswordInputProps & { score: number | null; value: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Popover opened={open} position="top-start" width="target" withArrow trapFocus={false} returnFocus={false} withRoles={false}>
      <Popover.Target>
        <div>
          <PasswordInput
            {...props}
            onFocus={() => setOpen(true)}
            onBlur={(e) => {
              setOpen(false);
              props.onBlur?.(e);
            }}
          />
          {props.value ? (
            <Group gap="xs" mt={6}>
              <Text size="xs">{t('web.strength.label')}</Text>
              <StrengthBadge score={score} />
            </Group>
          ) : null}
        </div>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600} mb={4}>
          {t('web.strength.hintTitle')}
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>{t('web.strength.hintLength')}</List.Item>
          <List.Item>{t('web.strength.hintMix')}</List.Item>
          <List.Item>{t('web.strength.hintWords')}</List.Item>
          <List.Item>{t('web.strength.hintPersonal')}</List.Item>
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}
