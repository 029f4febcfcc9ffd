/**
 * One api per test file: a fresh database and data folder, `batchline api` on a free port,
 * stopped and dropped afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { API_BINARY, REPO_ROOT, WEB_DIR, until } from './paths';

/** The services of scripts/services.sh (`make test` exports their addresses). */
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://batchline@127.0.0.1:55432/batchline';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:54222';
function databaseUrl(db: string): string {
  const url = new URL(DATABASE_URL);
  url.pathname = `/${db}`;
  return url.toString();
}
const PG_ADMIN = databaseUrl('postgres');

export interface ApiServer {
  url: string;
  dataDir: string;
  superEmail: string;
  superPassword: string;
  /** Stops the process and starts it again on the same port, database and data folder. */
  restart: () => Promise<void>;
  /** Stops the process (SIGTERM), keeping its port, database and data folder for `up`. */
  down: () => Promise<void>;
  /** Starts the process again after `down`, on the same port, database and data folder. */
  up: () => Promise<void>;
  /** Stops the process and starts `command` with `env` added, on the same port, database and data folder. */
  switchTo: (command: 'api' | 'all', env: Record<string, string>) => Promise<void>;
  stop: () => Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Running {
  url: string;
  exited: () => boolean;
  kill: (signal: NodeJS.Signals) => void;
}

/** Spawns `batchline <command>` and waits for its `listening on` line. */
async function spawnBatchline(command: string, env: Record<string, string>): Promise<Running> {
  const child: ChildProcess = spawn(API_BINARY, [command], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let url = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (m) url = m[1];
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  try {
    await until(
      () => {
        if (exited) throw new Error(`batchline ${command} exited:\n${output}`);
        return url;
      },
      { timeout: 60_000, what: `batchline ${command} to listen` },
    );
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return { url, exited: () => exited, kill: (signal) => child.kill(signal) };
}

async function stopProcess(p: Running): Promise<void> {
  if (p.exited()) return;
  p.kill('SIGTERM');
  await until(() => p.exited(), { timeout: 10_000, what: 'batchline to stop' }).catch(() => p.kill('SIGKILL'));
}

/**
 * `batchline api` (or `all`: api, ingest, stream and simulator) on a fresh database and data
 * folder; `env` overrides settings (e.g. NATS_URL of a private nats-server, SYSTEM_TYPE).
 */
export async function startApi(env: Record<string, string> = {}, command: 'api' | 'all' = 'api'): Promise<ApiServer> {
  const db = `e2e_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${db}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'batchline-e2e-'));
  const superEmail = 'super@plant.test';
  const superPassword = `Sup3r-${randomBytes(12).toString('base64url')}!`;
  const settings: Record<string, string> = {
    DATABASE_URL: databaseUrl(db),
    NATS_URL,
    HTTP_ADDR: '127.0.0.1:0',
    DATA_DIR: dataDir,
    WEB_DIR,
    SUPERUSER_EMAIL: superEmail,
    SUPERUSER_PASSWORD: superPassword,
    // A small stream: JetStream refuses the default 16 GiB one when less than ~21 GB is free.
    PLANT_STREAM_MAX_BYTES: String(1 << 30),
    // Every journey signs in from this one address, a browser and the test's own calls
    // together, many times a minute: the production limit per address (30 a minute) is the
    // abuse suite's to prove.
    AUTH_RATE_PER_ADDRESS: '600',
    ...env,
  };
  let running = await spawnBatchline(command, settings);
  const url = running.url;
  const down = () => stopProcess(running);
  const up = async () => {
    running = await spawnBatchline(command, { ...settings, HTTP_ADDR: url.replace('http://', '') });
  };
  return {
    url,
    dataDir,
    superEmail,
    superPassword,
    restart: async () => {
      await down();
      await up();
    },
    down,
    up,
    switchTo: async (next, env) => {
      await down();
      running = await spawnBatchline(next, { ...settings, ...env, HTTP_ADDR: url.replace('http://', '') });
    },
    stop: async () => {
      await stopProcess(running);
      rmSync(dataDir, { recursive: true, force: true });
      await admin(`drop database if exists ${db} with (force)`);
    },
  };
}

/** Waits for a mail to `to` in the outbox and answers the link (validatesignup/resetpassword) in it. */
export async function linkFromOutbox(api: ApiServer, to: string, kind: 'validatesignup' | 'resetpassword'): Promise<string> {
  const outbox = join(api.dataDir, 'outbox');
  return until(
    () => {
      const files = readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort();
      for (const f of files.reverse()) {
        const text = readFileSync(join(outbox, f), 'utf8');
        if (!text.toLowerCase().includes(to.toLowerCase())) continue;
        const m = new RegExp(`^\\s*(https?://\\S+/${kind}/\\S+)\\s*$`, 'm').exec(text);
        if (m) return m[1];
      }
      return '';
    },
    { timeout: 15_000, what: `a ${kind} mail to ${to}` },
  );
}

/** Direct api calls for arranging tests (not what is under test). */
export async function call<T = Record<string, unknown>>(
  api: ApiServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function tokenFor(api: ApiServer, email: string, password: string, superUser = false): Promise<string> {
  const res = await call<{ token?: string }>(api, 'POST', superUser ? '/auth/superuserlogin' : '/auth/login', { email, password });
  if (!res.body.token) throw new Error(`login of ${email} failed: ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** Invites a user as the super user, registers them through the mailed link, and answers their password. */
export async function registeredUser(
  api: ApiServer,
  email: string,
  role: 'ADMIN' | 'PRIVILEGE',
  privileges: string[] = [],
): Promise<string> {
  const superToken = await tokenFor(api, api.superEmail, api.superPassword, true);
  const created = await call(api, 'POST', '/api/createuser', { email, role, privileges }, superToken);
  if (created.status !== 200) throw new Error(`createuser: ${JSON.stringify(created.body)}`);
  const link = await linkFromOutbox(api, email, 'validatesignup');
  const token = link.split('/validatesignup/')[1];
  const password = `Pw-${randomBytes(9).toString('base64url')}-x`;
  const username = email.split('@')[0].replace(/[^A-Za-z0-9]/g, '');
  const signed = await call(api, 'POST', '/auth/signup', { username, password, token, email });
  if (signed.status !== 200) throw new Error(`signup: ${JSON.stringify(signed.body)}`);
  return password;
}
