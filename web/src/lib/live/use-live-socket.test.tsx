import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { emptyLive, useLive } from './live-store';
import type { ClientFrame, LoggedEvent, ServerFrame } from './protocol';
import { subscribeFrame, useLiveSocket } from './use-live-socket';

describe('the subscribe frame', () => {
  const position = { epoch: 'E1', offset: 42 };

  it('resumes the events after the position the page holds', () => {
    expect(subscribeFrame(['lines', 'events'], position)).toEqual({ type: 'subscribe', topics: ['lines', 'events'], since: position });
    expect(subscribeFrame(['events'], position)).toEqual({ type: 'subscribe', topics: ['events'], since: position });
  });

  it('has no `since` without a position (the first connection: a snapshot)', () => {
    const frame = subscribeFrame(['lines', 'events'], null);
    expect(frame).toEqual({ type: 'subscribe', topics: ['lines', 'events'] });
    expect('since' in frame).toBe(false);
  });

  it('has no `since` when the events are not among the topics', () => {
    const frame = subscribeFrame(['lines', 'line:L1'], position);
    expect(frame).toEqual({ type: 'subscribe', topics: ['lines', 'line:L1'] });
    expect('since' in frame).toBe(false);
  });

  it('copies the topics it is given', () => {
    const topics = ['events'];
    const frame = subscribeFrame(topics, null);
    topics.push('lines');
    expect(frame).toEqual({ type: 'subscribe', topics: ['events'] });
  });
});

/** A WebSocket the test opens, feeds and drops; what the client sends is kept, parsed. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: ClientFrame[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientFrame);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(frame: ServerFrame) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

const logged = (offset: number): LoggedEvent => ({
  position: { epoch: 'E1', offset },
  event: { kind: 'connection', connectionId: '0190c0de-0000-7000-8000-000000000001', lineId: 'L1', name: 'PLC-1', state: 'CONNECTED' },
});

describe('the live socket and the event log', () => {
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const socket = async (n: number) => {
    await waitFor(() => expect(FakeSocket.made).toHaveLength(n));
    return FakeSocket.made[n - 1];
  };

  beforeEach(() => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    client = new QueryClient();
    useSession.setState({ token: 'token' });
    useLive.setState({ ...emptyLive() });
  });
  afterEach(() => {
    useSession.setState({ token: null });
    useLive.setState({ ...emptyLive() });
  });

  it('subscribes without `since` first, then resumes after the last event it took when it reconnects', async () => {
    const { unmount } = renderHook(() => useLiveSocket(['lines', 'events']), { wrapper });
    const first = await socket(1);
    act(() => first.open());
    expect(first.sent).toEqual([
      { type: 'auth', token: 'token' },
      { type: 'subscribe', topics: ['lines', 'events'] },
    ]);
    act(() => {
      first.receive({ topic: 'events', kind: 'snapshot', seq: 1, data: { position: { epoch: 'E1', offset: 2 }, events: [logged(1), logged(2)] } });
      first.receive({ topic: 'events', kind: 'delta', seq: 2, data: logged(3) });
    });
    expect(useLive.getState().eventsPosition).toEqual({ epoch: 'E1', offset: 3 });

    act(() => first.drop());
    // The back-off's first delay is at most 0.75 s.
    const second = await socket(2);
    act(() => second.open());
    expect(second.sent[1]).toEqual({ type: 'subscribe', topics: ['lines', 'events'], since: { epoch: 'E1', offset: 3 } });
    // The missed events come as deltas numbered from 1, without a snapshot.
    act(() => {
      second.receive({ topic: 'events', kind: 'delta', seq: 1, data: logged(4) });
      second.receive({ topic: 'events', kind: 'delta', seq: 2, data: logged(5) });
    });
    expect(useLive.getState().events.map((e) => e.position.offset)).toEqual([1, 2, 3, 4, 5]);
    unmount();
  });

  it('adds `since` when the events are subscribed to on an open socket', async () => {
    useLive.setState({ events: [logged(7)], eventsPosition: { epoch: 'E1', offset: 7 } });
    const { rerender, unmount } = renderHook(({ topics }) => useLiveSocket(topics), { wrapper, initialProps: { topics: ['lines'] } });
    const ws = await socket(1);
    act(() => ws.open());
    expect(ws.sent[1]).toEqual({ type: 'subscribe', topics: ['lines'] });
    rerender({ topics: ['lines', 'events'] });
    await waitFor(() => expect(ws.sent).toHaveLength(3));
    expect(ws.sent[2]).toEqual({ type: 'subscribe', topics: ['events'], since: { epoch: 'E1', offset: 7 } });
    unmount();
  });

  it('when the events cannot be resumed, forgets them and fetches the screens’ api data again', async () => {
    useLive.setState({ events: [logged(7)], eventsPosition: { epoch: 'E1', offset: 7 } });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { unmount } = renderHook(() => useLiveSocket(['events']), { wrapper });
    const ws = await socket(1);
    act(() => ws.open());
    expect(ws.sent[1]).toEqual({ type: 'subscribe', topics: ['events'], since: { epoch: 'E1', offset: 7 } });
    act(() => ws.receive({ type: 'error', code: 'forbiddenTopic', topics: ['lines'] }));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => ws.receive({ type: 'error', code: 'notRecoverable', topics: ['events'] }));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(useLive.getState().events).toEqual([]);
    expect(useLive.getState().eventsPosition).toBeNull();
    act(() => ws.receive({ topic: 'events', kind: 'snapshot', seq: 1, data: { position: { epoch: 'E2', offset: 1 }, events: [{ ...logged(1), position: { epoch: 'E2', offset: 1 } }] } }));
    expect(useLive.getState().eventsPosition).toEqual({ epoch: 'E2', offset: 1 });
    unmount();
  });
});
