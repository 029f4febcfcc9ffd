/**
 * A status move behind its confirmation: `ask` opens the question, `confirm` sends it. A
 * release the carry-over guard refuses (409 keyed `carryOver:<previous>:<next>`) keeps the
 * dialog open with the server's message; `flushAndRelease` then places a flush before the
 * order named as next and repeats the release. Releasing a medicated order (its class is not
 * NONE) takes the releaser's electronic signature (issue 35): the move waits for it, and a
 * refused signature keeps the dialog open with the server's words.
 */
import { useState } from 'react';
import { useSignature, type SignatureState } from '@/components/signature-fields';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { ScheduleRecord, ScheduleStatus } from '../api/schedule-types';
import { useChangeStatus, useInsertFlush } from '../api/schedules-api';
import { conflictOf } from '../utils/carry-over';
import { moveOf, needsSignature, type Move } from '../utils/status';
import { useScheduleText } from './use-schedule-text';

export interface MoveTarget {
  record: ScheduleRecord;
  to: ScheduleStatus;
  move: Move;
}

export interface MoveState {
  target: MoveTarget | null;
  /** The carry-over refusal of a release, with the order a flush would go before. */
  conflict: { message: string; beforeId: string } | null;
  /** A refusal shown in the dialog (the flush or the repeated release failed). */
  problem: string | null;
  busy: boolean;
  /** The move is a release of a medicated order: it is signed. */
  signed: boolean;
  signature: SignatureState;
  /** The move may be sent (a signed one once password and meaning are given). */
  ready: boolean;
  ask: (record: ScheduleRecord, to: ScheduleStatus) => void;
  confirm: () => void;
  flushAndRelease: () => void;
  close: () => void;
}

const messageOf = (e: unknown) => (e instanceof ApiError ? (e.firstError() ?? e.message) : null);

export function useStatusMove(): MoveState {
  const { t } = useScheduleText();
  const change = useChangeStatus();
  const flush = useInsertFlush();
  const [target, setTarget] = useState<MoveTarget | null>(null);
  const [conflict, setConflict] = useState<MoveState['conflict']>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const signature = useSignature();
  const signed = target !== null && needsSignature(target.record, target.to);

  const close = () => {
    setTarget(null);
    setConflict(null);
    setProblem(null);
    signature.reset();
  };

  const done = (message: string | undefined) => {
    notify(message ?? t('web.schedules.move.done'), 'success');
    close();
  };

  const refused = (e: unknown) => {
    const found = target?.to === 'RELEASED' ? conflictOf(e) : null;
    if (found) {
      setConflict({ message: found.message, beforeId: found.conflicts[0].nextId });
      setProblem(null);
    } else if (signed) {
      setConflict(null);
      const messages = signature.refused(e);
      setProblem(messages.length > 0 ? messages.join(' ') : null);
    } else {
      setConflict(null);
      setProblem(messageOf(e) ?? t('server.error'));
    }
  };

  const send = () => {
    if (!target) return Promise.resolve();
    const body = { id: target.record._id, status: target.to, ...(signed ? { signature: signature.input() } : {}) };
    return change.mutateAsync(body).then(({ message }) => done(message));
  };

  return {
    target,
    conflict,
    problem,
    busy: change.isPending || flush.isPending,
    signed,
    signature,
    ready: !signed || signature.complete,
    ask: (record, to) => {
      const move = moveOf(record.status, to);
      if (!move) return;
      setConflict(null);
      setProblem(null);
      signature.reset();
      setTarget({ record, to, move });
    },
    confirm: () => void send().catch(refused),
    flushAndRelease: () => {
      if (!conflict) return;
      void flush
        .mutateAsync(conflict.beforeId)
        .then(({ message }) => {
          if (message) notify(message, 'info');
          return send();
        })
        .catch(refused);
    },
    close,
  };
}
