import { Alert } from '@mantine/core';
import type { ValidationResult } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { ProblemList } from '../problem-list';

/** The outcome of "Validate": all clear, or the problems (they are marked on their fields too). */
export function ValidationPanel({ result }: { result: ValidationResult | null }) {
  const { t } = useRecipeText();
  return (
    <div aria-live="polite" data-testid="validation-panel">
      {result === null ? null : result.problems.length === 0 ? (
        <Alert color="#1e6b30" variant="light" title={t('web.recipes.validate.ok')} data-testid="validation-ok">
          {t('web.recipes.validate.okText')}
        </Alert>
      ) : (
        <Alert color="#a65b00" variant="light" title={t('web.recipes.validate.problems', { count: result.problems.length })} data-testid="validation-problems">
          <ProblemList problems={result.problems} />
        </Alert>
      )}
    </div>
  );
}
