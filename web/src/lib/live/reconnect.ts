/**
 * The live socket's reconnect back-off: 0.5 s doubling to a 15 s cap, each delay jittered by
 * ±50 % so that the wall displays of a plant do not all knock at once when the server returns.
 * Attempts never stop: a wall display must recover by itself after any outage, and the cap
 * keeps a long outage's attempts cheap while bounding how long a returned server waits.
 */

export const RECONNECT_FIRST_MS = 500;
export const RECONNECT_CAP_MS = 15_000;
/** Each delay is its base × (1 ± this). */
export const RECONNECT_JITTER = 0.5;

/** Back-off before reconnect attempt `attempt` (0 first), `random` in [0, 1). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_CAP_MS, RECONNECT_FIRST_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (1 - RECONNECT_JITTER + 2 * RECONNECT_JITTER * random()));
}
