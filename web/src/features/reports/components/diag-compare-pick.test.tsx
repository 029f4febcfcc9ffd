import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { toggled } from '../utils/diag-select';
import { useSelection } from './diag-compare-pick';

function wrapper({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/compare?fromDateTime=F']}>{children}</MemoryRouter>;
}

const useBoth = () => ({ ...useSelection(), search: useLocation().search, navigate: useNavigate() });

describe('useSelection', () => {
  it('counts every change made before the router renders the first (quick clicks)', () => {
    const { result } = renderHook(useBoth, { wrapper });
    act(() => {
      // Three check boxes and a reference picked in one moment: each builds on the last.
      result.current.set((cur) => toggled(cur, 'A'));
      result.current.set((cur) => toggled(cur, 'B'));
      result.current.set((cur) => toggled(cur, 'C'));
      result.current.set((cur) => ({ ...cur, golden: 'B' }));
    });
    expect(result.current.sel).toEqual({ ids: ['A', 'B', 'C'], golden: 'B' });
    expect(new URLSearchParams(result.current.search).get('fromDateTime')).toBe('F');
  });

  it('takes an address it did not write (back, a link) as it is', () => {
    const { result } = renderHook(useBoth, { wrapper });
    act(() => result.current.set((cur) => toggled(cur, 'A')));
    act(() => void result.current.navigate('/compare?fromDateTime=G&batchIds=X,Y&goldenBatchId=Y'));
    act(() => result.current.set((cur) => toggled(cur, 'Z')));
    expect(result.current.sel).toEqual({ ids: ['X', 'Y', 'Z'], golden: 'Y' });
    expect(new URLSearchParams(result.current.search).get('fromDateTime')).toBe('G');
  });
});
