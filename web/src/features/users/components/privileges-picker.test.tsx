import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mayGrant } from '@/lib/access';
import { renderAt } from '@/test/render';
import { PrivilegesPicker } from './privileges-picker';

const box = (privilege: string) => document.querySelector<HTMLInputElement>(`input[data-privilege="${privilege}"]`)!;

function show(role: string, held: string[] = []) {
  renderAt('/', [
    {
      path: '/',
      element: <PrivilegesPicker value={held} onChange={() => {}} grantable={(p) => mayGrant(role, p)} held={held} />,
    },
  ]);
}

describe('PrivilegesPicker', () => {
  it('offers an ADMIN every privilege but line creation and deletion, and says why', () => {
    show('ADMIN');
    expect(box('_LINE_CREATE').disabled).toBe(true);
    expect(box('_LINE_DELETE').disabled).toBe(true);
    expect(box('_LINE_UPDATE').disabled).toBe(false);
    expect(box('REPORTS_READ').disabled).toBe(false);
    const note = screen.getByTestId('privileges-note');
    expect(note.textContent).toBe('Creating and deleting lines can only be granted by the super user.');
    expect(box('_LINE_CREATE').getAttribute('aria-describedby')).toBe(note.id);
  });

  it('lets an ADMIN keep what the super user granted, and the super user grant everything', () => {
    show('ADMIN', ['_LINE_CREATE']);
    expect(box('_LINE_CREATE').disabled).toBe(false);
    expect(box('_LINE_DELETE').disabled).toBe(true);
  });

  it('gives the super user every box', () => {
    show('_SUPER');
    expect(document.querySelectorAll('input[data-privilege]:disabled')).toHaveLength(0);
    expect(screen.queryByTestId('privileges-note')).toBeNull();
  });

  it('has an Approve column with the recipes’ approval only', () => {
    show('ADMIN');
    expect(screen.getByRole('columnheader', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Recipes: Approve' })).toBe(box('RECIPE_APPROVE'));
    expect(box('RECIPE_APPROVE').disabled).toBe(false);
    expect(document.querySelectorAll('input[data-privilege$="_APPROVE"]')).toHaveLength(1);
  });
});
