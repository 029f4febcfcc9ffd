import { Button, Code, CopyButton, Group, Modal, Text } from '@mantine/core';
import { useIntl } from 'react-intl';

/** Shows a generated temporary password once. */
export function PasswordOnceModal({ email, password, onClose }: { email: string; password: string | null; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <Modal opened={password !== null} onClose={onClose} title={t('web.users.temporaryPasswordTitle')} centered>
      <Text size="sm" mb="sm">
        {t('web.users.temporaryPasswordText', { email })}
      </Text>
      <Code block data-testid="temporary-password" fz="lg">
        {password}
      </Code>
      <Group justify="flex-end" mt="md">
        <CopyButton value={password ?? ''}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {t(copied ? 'web.users.copied' : 'web.users.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>{t('web.users.done')}</Button>
      </Group>
    </Modal>
  );
}
