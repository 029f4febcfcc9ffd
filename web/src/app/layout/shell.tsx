import { ActionIcon, AppShell, Burger, Group, Image, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { authApi } from '@/features/auth/api/auth-api';
import { useSession } from '@/lib/session-store';
import { Breadcrumbs } from './breadcrumbs';
import { LanguageSelect } from '@/components/language-select';
import { SideNav } from './side-nav';
import { useKiosk } from '../providers';
import { UserMenu } from './user-menu';

function ThemeSwitch() {
  const intl = useIntl();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const dark = scheme === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      aria-label={intl.formatMessage({ id: dark ? 'web.shell.lightTheme' : 'web.shell.darkTheme' })}
      aria-pressed={dark}
      data-testid="theme-switch"
    >
      <span aria-hidden="true">{dark ? '☀' : '☾'}</span>
    </ActionIcon>
  );
}

/**
 * Wall-display mode (`?kiosk=1`): no header, navigation or footer, the dark high-contrast
 * theme while it shows (the user's own theme choice is left as it was).
 */
function KioskFrame({ children }: { children: React.ReactNode }) {
  const setKiosk = useKiosk((s) => s.set);
  useEffect(() => {
    setKiosk(true);
    document.documentElement.classList.add('kiosk');
    return () => {
      setKiosk(false);
      document.documentElement.classList.remove('kiosk');
    };
  }, [setKiosk]);
  return (
    <main id="content" className="kiosk-main" data-testid="kiosk">
      {children}
    </main>
  );
}

/** The authenticated shell (§2): header, side navigation, breadcrumbs, content, footer. */
export function Shell() {
  const intl = useIntl();
  const [opened, { toggle, close }] = useDisclosure(false);
  const setRules = useSession((s) => s.setRules);
  // §6: the role and privileges are fetched from the server on entering the shell.
  const rules = useQuery({ queryKey: ['session', 'rules'], queryFn: () => authApi.userPrivileges(), staleTime: 0 });
  useEffect(() => {
    if (rules.data) setRules(rules.data.data.role, rules.data.data.privileges);
  }, [rules.data, setRules]);

  const kiosk = useSearchParams()[0].get('kiosk') === '1';
  if (kiosk) {
    return (
      <KioskFrame>
        {rules.isPending ? <Spinner fill /> : <Outlet />}
      </KioskFrame>
    );
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { mobile: !opened } }}
      footer={{ height: 40 }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={intl.formatMessage({ id: 'web.shell.toggleNavigation' })}
            />
            <Link to="/dashboard" aria-label={intl.formatMessage({ id: 'web.shell.homeLink' })}>
              <Image src="/logo.svg" alt="" w={32} h={32} />
            </Link>
            <Text fw={700} visibleFrom="xs">
              Batchline
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect />
            <ThemeSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={intl.formatMessage({ id: 'web.shell.navigation' })}>
        <SideNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <div id="content">
          <Breadcrumbs />
          {rules.isPending ? <Spinner fill /> : <Outlet />}
        </div>
      </AppShell.Main>
      <AppShell.Footer>
        <Group h="100%" px="md" justify="center">
          <Text size="sm" data-testid="footer">
            <FormattedMessage id="web.shell.footer" defaultMessage="© {year} Batchline" values={{ year: new Date().getFullYear() }} />
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
