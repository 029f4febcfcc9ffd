/** A private nats-server with JetStream for one test file, on a free port, removed afterwards. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from './paths';

export interface Nats {
  url: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** True when the server answering on `port` is the one named `name` (another may hold the port). */
function serves(port: number, name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let received = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      const end = received.indexOf('\r\n');
      if (end < 0) return;
      try {
        const info = JSON.parse(received.slice(0, end).replace(/^INFO\s+/, '')) as { server_name?: string };
        done(info.server_name === name);
      } catch {
        done(false);
      }
    });
    socket.once('error', () => done(false));
  });
}

let started = 0;

/**
 * A free port is only free when it is looked at: another process may take it before the server
 * binds it. The server then ends and is started again on another port; meanwhile whatever
 * answers on the port is not taken for it (its name is checked).
 */
export async function startNats(): Promise<Nats> {
  const dir = mkdtempSync(join(tmpdir(), 'batchline-e2e-nats-'));
  const binary = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';
  const name = `batchline_e2e_${process.pid}_${started++}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const child = spawn(binary, ['-n', name, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], {
      stdio: 'ignore',
    });
    let exited = false;
    child.on('exit', () => {
      exited = true;
    });
    const ready = await until(
      async () => {
        if (exited) return 'exited';
        return (await serves(port, name)) ? 'ready' : false;
      },
      { timeout: 15_000, what: 'nats-server to accept connections' },
    );
    if (ready === 'exited') continue;
    return {
      url: `nats://127.0.0.1:${port}`,
      stop: async () => {
        if (!exited) {
          child.kill('SIGTERM');
          await until(() => exited, { timeout: 10_000, what: 'nats-server to stop' }).catch(() => child.kill('SIGKILL'));
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error('nats-server ended five times on free ports');
}

export interface NatsMessage {
  subject: string;
  payload: string;
}

/**
 * Publishes messages over the raw NATS text protocol on one connection: reads the server's
 * INFO line, sends CONNECT, each PUB, then PING, and closes once the PONG says all arrived.
 */
export async function publishAll(url: string, messages: readonly NatsMessage[]): Promise<void> {
  const { hostname, port } = new URL(url.replace(/^nats:/, 'http:'));
  const socket = createConnection({ host: hostname, port: Number(port) });
  let received = '';
  let failure: Error | null = null;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  socket.on('error', (e) => {
    failure = e;
  });
  const seen = (pattern: RegExp, what: string) =>
    until(
      () => {
        if (failure) throw failure;
        if (received.includes('-ERR')) throw new Error(`nats-server answered ${received.trim()}`);
        return pattern.test(received);
      },
      { timeout: 10_000, interval: 10, what },
    );
  try {
    await seen(/^INFO .*\r\n/, 'the INFO line of nats-server');
    let out = 'CONNECT {"verbose":false,"pedantic":false}\r\n';
    for (const m of messages) out += `PUB ${m.subject} ${Buffer.byteLength(m.payload)}\r\n${m.payload}\r\n`;
    socket.write(`${out}PING\r\n`);
    await seen(/PONG\r\n/, 'the PONG after publishing');
  } finally {
    socket.end();
  }
}

/** Publishes one message (see `publishAll`). */
export function publish(url: string, subject: string, payload: string): Promise<void> {
  return publishAll(url, [{ subject, payload }]);
}
