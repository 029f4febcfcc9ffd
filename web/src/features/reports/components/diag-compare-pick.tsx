/**
 * Choosing the batches of a compare: a check box per listed batch (at most ten, all of the
 * recipe of the first chosen — the others are disabled, and a note says why), a radio button
 * for the reference among the chosen ones, and a bar saying what is chosen, with a way to clear
 * it and to jump to the comparison. The choice lives in the address (`batchIds`,
 * `goldenBatchId`), so a compare can be shared or reloaded.
 */
import { Anchor, Button, Checkbox, Group, Paper, Radio, Text } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useReportFormat } from '../hooks/use-report-format';
import type { Column } from '../utils/columns';
import { names, readSelection, recipeKey, toggled, tokenOf, writeSelection, type Selection } from '../utils/diag-select';
import { MAX_COMPARED, type BatchWithParameters } from '../utils/diag-types';

/** A new choice, or how to change the current one. */
export type SelectionChange = Selection | ((current: Selection) => Selection);

/**
 * The choice in the address, and a way to change it (a new history entry). A change builds on
 * the address as last written here, not on the render's: the router renders a navigation a
 * moment later, so two clicks in that moment (a quick second check box, the reference picked as
 * the third batch comes in) both count. An address not written here (back, forward, a link)
 * is taken as it is.
 */
export function useSelection(): { sel: Selection; set: (change: SelectionChange) => void } {
  const [search, setSearch] = useSearchParams();
  const sel = useMemo(() => readSelection(search), [search]);
  const latest = useRef(search);
  const written = useRef<string[]>([]);
  useEffect(() => {
    const at = written.current.indexOf(search.toString());
    if (at >= 0) written.current = written.current.slice(at + 1);
    else {
      written.current = [];
      latest.current = search;
    }
  }, [search]);
  const set = useCallback(
    (change: SelectionChange) => {
      const current = latest.current;
      const next = writeSelection(current, typeof change === 'function' ? change(readSelection(current)) : change);
      latest.current = next;
      written.current.push(next.toString());
      setSearch(next);
    },
    [setSearch],
  );
  return { sel, set };
}

interface Pick {
  sel: Selection;
  set: (change: SelectionChange) => void;
  /** The batches listed (to name a batch whose number two lines have). */
  listed: readonly BatchWithParameters[];
  /** The recipe of the chosen batches ('' while none is known). */
  recipe: string;
  /** The id of the note that says why a batch cannot be chosen. */
  noteId: string;
}

const PickContext = createContext<Pick | null>(null);
export const PickProvider = PickContext.Provider;

function usePick(): Pick {
  const pick = useContext(PickContext);
  if (!pick) throw new Error('a compare choice outside its provider');
  return pick;
}

/** The id of the constraint note, for the check boxes' descriptions. */
export const useNoteId = () => `compare-note-${useId().replace(/:/g, '')}`;

function ChooseCell({ row }: { row: BatchWithParameters }) {
  const { t } = useReportFormat();
  const { sel, set, listed, recipe, noteId } = usePick();
  const token = tokenOf(row, listed);
  const chosen = sel.ids.some((id) => names(id, row));
  const blocked = !chosen && (sel.ids.length >= MAX_COMPARED || (recipe !== '' && recipeKey(row) !== recipe));
  return (
    <Checkbox
      checked={chosen}
      disabled={blocked}
      onChange={() => set((cur) => toggled(cur, cur.ids.find((id) => names(id, row)) ?? token))}
      aria-label={t('web.diag.choose', { batch: row.batchId })}
      aria-describedby={blocked ? noteId : undefined}
      data-testid="compare-choose"
    />
  );
}

function ReferenceCell({ row }: { row: BatchWithParameters }) {
  const { t } = useReportFormat();
  const { sel, set } = usePick();
  const token = sel.ids.find((id) => names(id, row));
  return (
    <Radio
      name="compare-reference"
      checked={token !== undefined && sel.golden === token}
      disabled={token === undefined}
      onChange={() =>
        set((cur) => {
          const named = cur.ids.find((id) => names(id, row));
          return named ? { ...cur, golden: named } : cur;
        })
      }
      aria-label={t('web.diag.useAsReference', { batch: row.batchId })}
      data-testid="compare-reference"
    />
  );
}

/** The picker's first columns: choose, and reference. Controls, not data: left out of the exports. */
export const PICK_COLUMNS: Column<BatchWithParameters>[] = [
  { id: 'choose', label: 'web.diag.col.compare', path: 'batchId', kind: 'text', sortable: false, action: true, cell: (r) => <ChooseCell row={r} /> },
  { id: 'reference', label: 'web.diag.col.reference', path: 'batchId', kind: 'text', sortable: false, action: true, cell: (r) => <ReferenceCell row={r} /> },
];

/** What is chosen, why others cannot be, and the ways to clear it and to see the comparison. */
export function SelectionBar({ recipeLabel, resultId }: { recipeLabel: string; resultId: string }) {
  const { t } = useReportFormat();
  const { sel, set, noteId } = usePick();
  const n = sel.ids.length;
  return (
    <Paper withBorder p="sm" radius="sm" mb="md" data-testid="compare-selection">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" role="status" data-testid="compare-chosen">
          {n === 0
            ? t('web.diag.chooseHint', { max: MAX_COMPARED })
            : t('web.diag.chosen', { count: n, max: MAX_COMPARED, recipe: recipeLabel || '—', reference: sel.golden })}
        </Text>
        {n > 0 ? (
          <Group gap="sm">
            <Anchor href={`#${resultId}`} size="sm" data-testid="compare-jump">
              {t('web.diag.toComparison')}
            </Anchor>
            <Button variant="default" size="xs" onClick={() => set({ ids: [], golden: '' })} data-testid="compare-clear">
              {t('web.diag.clearChoice')}
            </Button>
          </Group>
        ) : null}
      </Group>
      <Text size="xs" mt={4} id={noteId} data-testid="compare-note">
        {n >= MAX_COMPARED ? t('web.diag.full', { max: MAX_COMPARED }) : t('web.diag.oneRecipe', { max: MAX_COMPARED })}
      </Text>
    </Paper>
  );
}
