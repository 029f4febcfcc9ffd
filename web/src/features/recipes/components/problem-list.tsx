import { Badge, Group, List, Text } from '@mantine/core';
import type { Problem } from '../api/recipes-api';
import { useRecipeText } from '../hooks/use-recipe-text';

/** The problems of a validation, each with its item; those that also refuse a save are marked. */
export function ProblemList({ problems, testId = 'problem-list' }: { problems: Problem[]; testId?: string }) {
  const { t } = useRecipeText();
  return (
    <List size="sm" spacing={4} data-testid={testId}>
      {problems.map((p, i) => (
        <List.Item key={`${p.field}-${i}`} data-field={p.field}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            {p.blocking ? (
              <Badge size="xs" color="#c92a2a" mt={2}>
                {t('web.recipes.problem.blocking')}
              </Badge>
            ) : null}
            <Text size="sm">{p.message}</Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
