/**
 * The order life cycle as the screens show it: what a move is called and how a status looks.
 * What an order allows (its moves, edit, delete, a flush before it, being on the board) comes
 * with each record from the server (`transitions`, `editable`, `deletable`, `takesFlush`,
 * `onBoard`); the rules themselves live in the server's model only.
 */
import type { ScheduleRecord, ScheduleStatus } from '../api/schedule-types';

/** How often the screens ask again while an order is on the board (the bars move as the plant runs). */
export const LIVE_MS = 3000;

/** True when any of `records` is on the board (the screens then ask again every LIVE_MS). */
export const anyOnBoard = (records: readonly Pick<ScheduleRecord, 'onBoard'>[] | undefined): boolean =>
  (records ?? []).some((r) => r.onBoard);

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

/**
 * A move to RELEASED (a release, or resuming a held order, which is released again) of an
 * order whose medication class is not NONE is signed by whoever makes it (issue 35).
 */
export const needsSignature = (record: Pick<ScheduleRecord, 'medicationClass'>, to: ScheduleStatus): boolean =>
  to === 'RELEASED' && record.medicationClass !== 'NONE';

/** Moves that stop an order for good are shown in red. */
export const isDestructive = (move: Move): boolean => move === 'cancel' || move === 'abort';

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
