import { Box, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSelect } from '@/components/language-select';

/** The frame of the public screens: logo, a title and a card. */
export function AuthLayout({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Group justify="flex-end" p="sm">
        <LanguageSelect />
      </Group>
      <main>
        <Center px="md" pb="xl">
          <Stack w="100%" maw={wide ? 520 : 420} gap="lg">
            <Group justify="center" gap="sm">
              <Image src="/logo.svg" alt="" w={40} h={40} />
              <Text fw={700} size="xl">
                Batchline
              </Text>
            </Group>
            <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
              <Title order={1} size="h3" mb="md">
                {title}
              </Title>
              {children}
            </Paper>
          </Stack>
        </Center>
      </main>
    </Box>
  );
}
