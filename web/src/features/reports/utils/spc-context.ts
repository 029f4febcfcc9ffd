/** What the SPC screen tells its chart section: which graph, and the saved set the chart is of. */
import { createContext, useContext } from 'react';
import type { SpcKind, SpcSet } from '../api/spc-api';

export interface SpcScreenValue {
  kind: SpcKind;
  /** The saved set loaded, while the controls still say what it says (its kept violations are asked). */
  set: SpcSet | undefined;
}

export const SpcScreenContext = createContext<SpcScreenValue>({ kind: 'batch', set: undefined });

export const useSpcScreen = () => useContext(SpcScreenContext);
