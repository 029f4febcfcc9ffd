/**
 * The wall display of a hall (`/dashboard?kiosk=1`): every configured line on one screen,
 * never scrolled, read from across the hall. A clock bar with the plant time (the lines' zone)
 * and, per line, a tile sized to the screen (columns and rows from the number of lines and the
 * screen, type from the tile's size: wall.css): its state and how long it has been in it
 * (moving every second), the running order with its batches done of its batches, tonnes today,
 * unacknowledged alarms and the newest critical alarm's text, its current shift, and the data
 * age that turns stale when updates stop or the connection is lost.
 */
import { troubled } from '@/features/connections/components/line-connections';
import { useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { dataAgeSeconds, isStale } from '@/lib/live/live-store';
import { STATE_COLOR } from './live-widgets';
import type { LineSummary } from '@/lib/live/protocol';
import { currentShift, useLineRecords, useShiftRanges, type ShiftRange } from './wall-api';
import { elapsed, plantClock, plantTime, secondsSince, wallGrid } from './wall-layout';
import './wall.css';

export interface WallProps {
  lines: LineSummary[];
  names: Record<string, string>;
  now: number;
  online: boolean;
  /** The connection was tried: show its loss. */
  settled: boolean;
}

/** The grid's size in CSS pixels, followed as the screen changes. */
function useSize<T extends HTMLElement>(present: boolean): [React.RefObject<T | null>, { width: number; height: number }] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [present]);
  return [ref, size];
}

export function Wall({ lines, names, now, online, settled }: WallProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const records = useLineRecords(lines.map((l) => l.lineId));
  const shifts = useShiftRanges(
    lines.map((l) => l.lineId),
    now,
  );
  const [gridRef, size] = useSize<HTMLDivElement>(lines.length > 0);
  const gap = Math.min(window.innerWidth, window.innerHeight) / 100;
  const grid = wallGrid(lines.length, size.width, size.height, gap);
  const zoneOf = (lineId: string) => records[lineId]?.timezone;
  const zones = Array.from(new Set(lines.map((l) => zoneOf(l.lineId)).filter((z): z is string => Boolean(z))));

  return (
    <div className="wall" data-testid="wall" data-cols={grid.cols} data-rows={grid.rows}>
      <header className="wall-top">
        <h1 className="wall-title" id="screen-title">
          {t('web.screen.dashboard')}
        </h1>
        {settled && !online ? (
          <div className="wall-offline" role="status" aria-live="polite" data-testid="live-offline">
            {t('web.live.offline')}
          </div>
        ) : null}
        <div className="wall-clocks" aria-label={t('web.live.plantTime')} role="group">
          {zones.map((zone) => {
            const c = plantClock(now, zone, intl.locale);
            return (
              <div className="wall-clock" key={zone} data-testid="wall-clock" data-zone={zone}>
                <span className="wall-clock-time wall-key-figure">{c.time}</span>
                <span className="wall-clock-date">
                  {c.date}
                  {zones.length > 1 ? ` · ${zone}` : ''}
                </span>
              </div>
            );
          })}
        </div>
      </header>
      {lines.length === 0 ? (
        <p className="wall-sub" data-testid="live-empty">
          {t(online ? 'web.live.noLines' : 'web.common.loading')}
        </p>
      ) : (
        <div className="wall-grid" ref={gridRef} style={{ '--wall-cols': grid.cols, '--wall-rows': grid.rows } as React.CSSProperties}>
          {lines.map((line) => (
            <WallTile key={line.lineId} line={line} name={names[line.lineId] ?? line.lineId} now={now} connected={online} zone={zoneOf(line.lineId)} shift={shifts[line.lineId]} />
          ))}
        </div>
      )}
    </div>
  );
}

interface TileProps {
  line: LineSummary;
  name: string;
  now: number;
  connected: boolean;
  zone: string | undefined;
  shift: ShiftRange | undefined;
}

function WallTile({ line, name, now, connected, zone, shift }: TileProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const num = (v: number, digits = 0) => intl.formatNumber(v, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const age = dataAgeSeconds(line.updatedAt, now);
  const stale = isStale(age, connected);
  const lost = troubled(line.connections);
  const state = line.state ?? 'UNKNOWN';
  const inState = secondsSince(line.stateSince, now);
  const time = (at: string) => (zone ? plantTime(at, zone, intl.locale) : intl.formatTime(at, { hour: '2-digit', minute: '2-digit' }));
  const order = line.order;
  const batchPct = Math.round(Math.min(1, Math.max(0, line.progress ?? 0)) * 100);
  // The order's progress: its batches done, and the running one's share.
  const orderShare = order && order.batches > 0 ? Math.min(1, (order.batchesDone + (line.batch ? batchPct / 100 : 0)) / order.batches) : 0;
  const recipe = line.batch ? (line.batch.recipeName ?? line.batch.recipeCode ?? line.batch.recipeId) : null;
  const now_shift = currentShift(shift, now);
  const headingId = `tile-${line.lineId}`;

  return (
    <article
      className="wall-tile"
      aria-labelledby={headingId}
      data-testid={`line-tile-${line.lineId}`}
      data-stale={stale ? 'true' : 'false'}
      data-updated-at={line.updatedAt ?? ''}
      // Stale shows as a dashed state bar and the badge below, not by fading the tile.
      style={{ borderTop: `0.8vmin ${stale ? 'dashed' : 'solid'} ${STATE_COLOR[state]}` }}
    >
      <div className="wall-body">
        <h2 className="wall-name" id={headingId}>
          <Link to={`/reporting/diagnostics/realtime?lineId=${encodeURIComponent(line.lineId)}`}>{name}</Link>
        </h2>
        <div className="wall-row wall-state-row">
          <span className="wall-state" style={{ background: STATE_COLOR[state] }} data-testid={`line-state-${line.lineId}`} data-state={state}>
            {t(`web.live.state.${state}`)}
          </span>
          <span className="wall-key" data-testid={`line-duration-${line.lineId}`} data-seconds={inState ?? ''} title={line.stateSince ? t('web.live.since', { time: time(line.stateSince) }) : undefined}>
            {inState === null ? '–' : elapsed(inState, intl.formatNumber)}
          </span>
        </div>
        {order ? (
          <>
            <div className="wall-sub" data-testid={`line-order-${line.lineId}`}>
              {t('web.live.order', { number: order.orderNumber, name: order.name })}
            </div>
            <div className="wall-row">
              <span className="wall-key" data-testid={`line-order-progress-${line.lineId}`} data-done={order.batchesDone} data-batches={order.batches}>
                {num(order.batchesDone)} / {num(order.batches)}
              </span>
              <span className="wall-note">{t('web.live.batchesDone')}</span>
            </div>
            <div className="wall-bar" role="progressbar" aria-label={t('web.live.orderProgress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(orderShare * 100)}>
              <div style={{ width: `${orderShare * 100}%` }} />
            </div>
          </>
        ) : (
          <div className="wall-sub wall-dim" data-testid={`line-no-order-${line.lineId}`}>
            {line.batch
              ? t('web.live.batchOf', { batchId: line.batch.batchId, recipe: recipe ?? '', value: intl.formatNumber(batchPct / 100, { style: 'percent' }) })
              : t(state === 'IDLE' ? 'web.live.idleNoOrder' : 'web.live.noOrder')}
          </div>
        )}
        <div className="wall-row">
          <span className="wall-key" data-testid={`line-tonnes-${line.lineId}`}>
            {num(line.tonnesToday ?? 0, 1)}
          </span>
          <span className="wall-note">{t('web.live.tToday')}</span>
        </div>
        <div className="wall-alarms" data-count={line.unacknowledgedAlarms ?? 0} data-testid={`line-alarms-${line.lineId}`}>
          {t('web.live.unacknowledged', { count: line.unacknowledgedAlarms ?? 0 })}
        </div>
        {line.criticalAlarm ? (
          <div className="wall-critical" data-testid={`line-critical-${line.lineId}`}>
            {line.criticalAlarm.message}
          </div>
        ) : null}
        {lost.length ? (
          // A controller that cannot be reached: the line's figures stop, and the hall must see why.
          <div className="wall-critical" data-testid={`line-connection-${line.lineId}`}>
            {lost.map((c) => `${c.name}: ${t(`web.connection.state.${c.state}`)}`).join(' · ')}
          </div>
        ) : null}
        <div className="wall-foot">
          <span data-testid={`line-shift-${line.lineId}`}>
            {now_shift ? t('web.live.shiftSpan', { name: now_shift.shiftName ?? '', from: time(now_shift.fromDate), to: time(now_shift.toDate) }) : t('web.live.noShift')}
          </span>
          {stale ? (
            <span className="wall-stale" data-testid={`line-age-${line.lineId}`}>
              {age === null ? t('web.live.never') : t('web.live.stale', { seconds: age })}
            </span>
          ) : (
            <span data-testid={`line-age-${line.lineId}`}>{t('web.live.age', { seconds: age ?? 0 })}</span>
          )}
        </div>
      </div>
    </article>
  );
}
