import { Alert, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import { useRecipeText } from '../hooks/use-recipe-text';

/** A recipe screen while its version loads, or when there is none: the heading and a spinner or a note. */
export function RecipeScreenFallback({ title, pending }: { title: string; pending: boolean }) {
  const { t } = useRecipeText();
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {title}
      </Title>
      {pending ? (
        <Spinner fill />
      ) : (
        <Alert color="gray" variant="light" data-testid="recipe-not-found">
          {t('web.recipes.notFound')}
        </Alert>
      )}
    </section>
  );
}

/** A recipe screen's heading with what stands next to it. */
export function ScreenTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 'var(--mantine-spacing-sm)', alignItems: 'center', flexWrap: 'wrap', marginBottom: 'var(--mantine-spacing-md)' }}>
      <Title order={1} size="h2" id="screen-title">
        {children}
      </Title>
      {aside}
    </div>
  );
}
