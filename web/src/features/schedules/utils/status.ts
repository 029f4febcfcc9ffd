/**
 * The order life cycle as the screens use it: which orders are on the line's board (and make
 * the screens poll), what a move is called, which orders may be edited or get a flush.
 */
import type { ScheduleRecord, ScheduleStatus } from '../api/schedule-types';

/** How often the screens ask again while an order is on the board (the bars move as the plant runs). */
export const LIVE_MS = 3000;

/** Released to the plant and not finished. */
export const ON_BOARD: readonly ScheduleStatus[] = ['RELEASED', 'RUNNING', 'ON_HOLD'];

export const isOnBoard = (status: ScheduleStatus): boolean => ON_BOARD.includes(status);

/** True when any of `records` is on the board. */
export const anyOnBoard = (records: readonly Pick<ScheduleRecord, 'status'>[] | undefined): boolean =>
  (records ?? []).some((r) => isOnBoard(r.status));

/** A user's move, by the name the buttons give it. */
export type Move = 'release' | 'resume' | 'hold' | 'cancel' | 'abort';

/** The move from `from` to `to`: RELEASED is "resume" from ON_HOLD, else "release"; null for a status only the plant sets. */
export function moveOf(from: ScheduleStatus, to: ScheduleStatus): Move | null {
  switch (to) {
    case 'RELEASED':
      return from === 'ON_HOLD' ? 'resume' : 'release';
    case 'ON_HOLD':
      return 'hold';
    case 'CANCELLED':
      return 'cancel';
    case 'ABORTED':
      return 'abort';
    default:
      return null;
  }
}

/** The moves a record offers, in the order the server lists them, each with its target. */
export function movesOf(record: Pick<ScheduleRecord, 'status' | 'transitions'>): Array<{ move: Move; to: ScheduleStatus }> {
  return record.transitions.flatMap((to) => {
    const move = moveOf(record.status, to);
    return move ? [{ move, to }] : [];
  });
}

/** Moves that stop an order for good are shown in red. */
export const isDestructive = (move: Move): boolean => move === 'cancel' || move === 'abort';

/** Only planned production orders can be changed (the server answers 409 for the others). */
export const canEdit = (r: Pick<ScheduleRecord, 'status' | 'kind'>): boolean => r.status === 'PLANNED' && r.kind === 'PRODUCTION';

/** A flush can go before an order that has not started a batch yet. */
export const canTakeFlush = (r: Pick<ScheduleRecord, 'status' | 'batchesDone'>): boolean =>
  (r.status === 'PLANNED' || r.status === 'RELEASED' || r.status === 'ON_HOLD') && r.batchesDone === 0;

/** A running order cannot be deleted (409); the button is not offered for it. */
export const canDelete = (r: Pick<ScheduleRecord, 'status'>): boolean => r.status !== 'RUNNING';

/** Badge colours, dark enough for white text (WCAG AA) in both colour schemes. */
export const STATUS_COLOR: Record<ScheduleStatus, string> = {
  PLANNED: '#495057',
  RELEASED: '#1864ab',
  RUNNING: '#237032',
  ON_HOLD: '#a65b00',
  COMPLETED: '#0b7285',
  CANCELLED: '#862e9c',
  ABORTED: '#c92a2a',
};
