/**
 * The live socket: authenticates with the session token as its first frame, subscribes to the
 * page's topics, folds every frame into the live store, and reconnects with jittered
 * exponential back-off (a fresh connection re-authenticates, resubscribes and gets fresh
 * snapshots; `events` instead resumes after the last position the page holds, and when the
 * server cannot resume it, every api query is fetched again). A 4401 close means the session
 * is over: one authenticated call lets the api client log out and go to /Home as for any 401.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ReadyState } from 'react-use-websocket/dist/lib/constants';
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket';
import { API_BASE, apiClient, unwrap } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { notRecoverableTopics, useLive } from './live-store';
import { CLOSE_UNAUTHENTICATED, topics as TOPIC, type ClientFrame, type Position, type ServerFrame } from './protocol';
import { reconnectDelay } from './reconnect';

export function socketUrl(base: string = API_BASE, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  if (base) return `${base.replace(/^http/, 'ws').replace(/\/$/, '')}/ws`;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * The subscribe frame for `topics`: with `since` (resume the event log after it) when the page
 * holds an events position and `events` is among them.
 */
export function subscribeFrame(topics: readonly string[], eventsPosition: Position | null): ClientFrame {
  if (eventsPosition && topics.includes(TOPIC.events)) return { type: 'subscribe', topics: [...topics], since: eventsPosition };
  return { type: 'subscribe', topics: [...topics] };
}

export interface LiveConnection {
  online: boolean;
  /** True once the first connection attempt has finished (so the banner does not flash). */
  settled: boolean;
}

export function useLiveSocket(topics: string[]): LiveConnection {
  const token = useSession((s) => s.token);
  const apply = useLive((s) => s.apply);
  const resetSeq = useLive((s) => s.resetSeq);
  const queryClient = useQueryClient();
  const key = topics.join(',');
  const wanted = useMemo(() => (key ? key.split(',') : []), [key]);
  const subscribed = useRef<string[]>([]);
  const [everOpen, setEverOpen] = useState(false);

  const { sendJsonMessage, readyState } = useWebSocket(
    token ? socketUrl() : null,
    {
      onOpen: () => {
        setEverOpen(true);
        resetSeq();
        // The socket opens only with a token (its url is null without one).
        sendJsonMessage({ type: 'auth', token: token ?? '' } satisfies ClientFrame);
        sendJsonMessage(subscribeFrame(wanted, useLive.getState().eventsPosition));
        subscribed.current = wanted;
      },
      onMessage: (event: MessageEvent) => {
        let frame: ServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as ServerFrame;
        } catch {
          return;
        }
        if ('type' in frame && frame.type === 'ping') {
          sendJsonMessage({ type: 'pong' } satisfies ClientFrame);
          return;
        }
        apply(frame);
        // Events were missed for good: what the screens got from the api may be out of date.
        if (notRecoverableTopics(frame).length) void queryClient.invalidateQueries();
      },
      onClose: (event: CloseEvent) => {
        if (event.code === CLOSE_UNAUTHENTICATED) {
          // The api answers 401 too when the session is over, and the client logs out.
          void unwrap(apiClient.GET('/api/getuserprivileges')).catch(() => undefined);
        }
      },
      shouldReconnect: (event: CloseEvent) => event.code !== CLOSE_UNAUTHENTICATED,
      reconnectAttempts: Number.MAX_SAFE_INTEGER,
      reconnectInterval: (attempt: number) => reconnectDelay(attempt),
      retryOnError: true,
    },
    Boolean(token),
  );

  // Topics changed on an open socket: adjust the subscription in place.
  useEffect(() => {
    if (readyState !== ReadyState.OPEN) return;
    const gone = subscribed.current.filter((t) => !wanted.includes(t));
    const added = wanted.filter((t) => !subscribed.current.includes(t));
    if (gone.length) sendJsonMessage({ type: 'unsubscribe', topics: gone } satisfies ClientFrame);
    if (added.length) sendJsonMessage(subscribeFrame(added, useLive.getState().eventsPosition));
    subscribed.current = wanted;
  }, [wanted, readyState, sendJsonMessage]);

  const online = readyState === ReadyState.OPEN;
  return { online, settled: online || everOpen || readyState === ReadyState.CLOSED };
}
