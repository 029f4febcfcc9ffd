/** Plant messages as a line controller sends them (model::wire), for tests that play a line. */
import { randomBytes } from 'node:crypto';
import type { NatsMessage } from './nats';

/** A UUIDv7 of the instant `ms` (the plant's sample and message ids). */
export function uuid7(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type WireKind = 'batch' | 'weighing' | 'state' | 'alarm' | 'process';

/** One message of one sample of `kind` from `lineId` at `at` (epoch ms). */
export function wireMessage(lineId: string, kind: WireKind, at: number, sample: Record<string, unknown>): NatsMessage {
  return {
    subject: `plant.${lineId}.${kind}`,
    payload: JSON.stringify({ v: 1, id: uuid7(at), lineId, kind, samples: [{ id: uuid7(at), time: new Date(at).toISOString(), ...sample }] }),
  };
}
