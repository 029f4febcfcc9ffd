/**
 * Test support: the shared fake api (`@/test/fake-api`) with the schedule tests' replies, which
 * are functions of the request's body and of the call's number (the list's range is computed,
 * so its routes name no query).
 */
import { fakeApi as fakeFetch, type Answer, type Reply as CallReply } from '@/test/fake-api';

export { failed, ok } from '@/test/fake-api';
export type { Answer } from '@/test/fake-api';

export type Reply = Answer | ((body: unknown, nth: number) => Answer);

export function fakeApi(routes: Record<string, Reply>) {
  const byCall: Record<string, CallReply> = {};
  for (const [key, reply] of Object.entries(routes)) byCall[key] = typeof reply === 'function' ? (call, nth) => reply(call.body, nth) : reply;
  return fakeFetch(byCall);
}
