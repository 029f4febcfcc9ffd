import { Button, Image, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { LanguageSelect } from '@/components/language-select';
import { useLoginTypeCheck } from '../hooks/use-login-type-check';

/** /Home (§2): the logo and a Login button that first asks which sign-in applies. */
export function HomePage() {
  const intl = useIntl();
  const { go, busy } = useLoginTypeCheck();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 12 }}>
        <LanguageSelect />
      </header>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        <Stack align="center" gap="lg" maw={520}>
          <Image src="/logo.svg" alt={intl.formatMessage({ id: 'web.home.logoAlt' })} w={96} h={96} />
          <Title order={1} ta="center">
            Batchline
          </Title>
          <Text ta="center" size="lg">
            {intl.formatMessage({ id: 'web.home.tagline' })}
          </Text>
          <Button size="md" onClick={() => void go()} loading={busy} data-testid="home-login">
            {intl.formatMessage({ id: 'web.home.login' })}
          </Button>
        </Stack>
      </main>
    </div>
  );
}
