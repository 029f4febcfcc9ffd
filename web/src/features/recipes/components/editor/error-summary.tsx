import { Alert, List } from '@mantine/core';
import { useRecipeText } from '../../hooks/use-recipe-text';
import type { PlacedErrors } from '../../utils/field-errors';

/**
 * After a refused save: how many problems the server found, that they are marked on their
 * fields, and the messages of those no field on screen shows.
 */
export function ErrorSummary({ errors }: { errors: PlacedErrors }) {
  const { t } = useRecipeText();
  const onFields = Object.keys(errors.byKey).length;
  if (onFields === 0 && errors.other.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={t('web.recipes.editor.notSaved')} data-testid="error-summary">
      {onFields > 0 ? t('web.recipes.editor.markedOnFields', { count: onFields }) : null}
      {errors.other.length > 0 ? (
        <List size="sm" mt={onFields > 0 ? 'xs' : 0} data-testid="error-other">
          {errors.other.map((m, i) => (
            <List.Item key={i}>{m}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}
