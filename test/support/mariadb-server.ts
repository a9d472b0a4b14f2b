import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';

const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB_CANDIDATES = ['/usr/bin/mariadb-install-db', '/usr/sbin/mariadb-install-db', '/usr/bin/mysql_install_db'];

/** The mariadb-install-db script, when installed. */
function installDbPath(): string | undefined {
  return INSTALL_DB_CANDIDATES.find((path) => existsSync(path));
}

/** True when a private MariaDB server can be started here (mariadbd and mariadb-install-db exist). */
export function canRunPrivateMariaDb(): boolean {
  return existsSync(MARIADBD) && installDbPath() !== undefined;
}

/** Whether the kernel shows process `pid` stopped by a signal (state T in /proc/<pid>/stat). */
function stoppedState(pid: number): boolean {
  try {
    // The state follows the command name in parentheses, which may itself hold spaces or parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
  } catch {
    return false;
  }
}

/** A free TCP port on 127.0.0.1, chosen by the kernel. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateMariaDb {
  port: number;
  /** `mysql://root@127.0.0.1:<port>/<database>` */
  url(database: string): string;
  /** PID of the running mariadbd, when running. */
  readonly pid: number | undefined;
  /** Starts mariadbd on the data directory and waits until it answers. */
  start(): Promise<void>;
  /** kill -9 of mariadbd (the crash case); resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGSTOP: the server hangs (connections stay open, nothing answers); resolves once the kernel shows it stopped. */
  pause(): Promise<void>;
  /** True while the server is stopped: nothing outside the test has continued it since pause(). */
  stillPaused(): boolean;
  /** SIGCONT after pause(). */
  resume(): void;
  /** Runs one statement as root. */
  query<T = unknown>(sql: string, database?: string): Promise<T>;
  /** Kills the server if running and removes its temporary directory. */
  destroy(): Promise<void>;
  /** The tail of the server's error log, for failure messages. */
  logTail(): string;
}

/**
 * A MariaDB server of its own for fault tests: a fresh data directory in a temporary folder, root
 * without password, listening on 127.0.0.1 at a free port, with its socket and logs in that folder.
 * Only this process's own child is ever signalled.
 */
export async function createPrivateMariaDb(): Promise<PrivateMariaDb> {
  const installDb = installDbPath();
  if (!existsSync(MARIADBD) || !installDb) throw new Error('mariadbd or mariadb-install-db is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-mariadb-'));
  const datadir = join(dir, 'data');
  const errorLog = join(dir, 'error.log');
  const asRoot = process.getuid?.() === 0;
  try {
    await promisify(execFile)(
      installDb,
      ['--no-defaults', `--datadir=${datadir}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...(asRoot ? ['--user=root'] : [])],
      { timeout: 60_000 },
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const args = [
    '--no-defaults',
    `--datadir=${datadir}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    '--skip-networking=0',
    `--socket=${join(dir, 'mysqld.sock')}`,
    `--pid-file=${join(dir, 'mysqld.pid')}`,
    `--log-error=${errorLog}`,
    '--skip-name-resolve',
    '--innodb-buffer-pool-size=32M',
    '--innodb-log-file-size=16M',
    '--max-connections=200',
    ...(asRoot ? ['--user=root'] : []),
  ];

  const connect = () => mysql.createConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 1000 });

  const server: PrivateMariaDb = {
    port,
    url: (database) => `mysql://root@127.0.0.1:${port}/${database}`,
    get pid() {
      return child?.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    async start() {
      if (server.pid) return;
      const proc = spawn(MARIADBD, args, { stdio: 'ignore' });
      child = proc;
      // Never outlive the test process, even when it ends without running afterAll.
      const reap = () => {
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      };
      process.once('exit', reap);
      proc.once('exit', () => process.removeListener('exit', reap));
      exited = new Promise((resolve) => proc.once('exit', () => resolve()));
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`mariadbd exited at start:\n${server.logTail()}`);
        try {
          const conn = await connect();
          await conn.query('SELECT 1');
          await conn.end();
          return;
        } catch {
          if (Date.now() > deadline) throw new Error(`mariadbd did not answer within 30 s:\n${server.logTail()}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    async kill() {
      const pid = server.pid;
      if (!pid) return;
      process.kill(pid, 'SIGKILL');
      await exited;
    },
    async pause() {
      const pid = server.pid;
      if (!pid) throw new Error('mariadbd is not running: nothing to pause');
      process.kill(pid, 'SIGSTOP');
      const deadline = Date.now() + 2000;
      while (!server.stillPaused()) {
        if (Date.now() > deadline) throw new Error(`mariadbd (pid ${pid}) did not stop within 2 s of SIGSTOP`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    stillPaused() {
      return server.pid !== undefined && stoppedState(server.pid);
    },
    resume() {
      if (server.pid) process.kill(server.pid, 'SIGCONT');
    },
    async query<T>(sql: string, database?: string): Promise<T> {
      const conn = await connect();
      try {
        if (database) await conn.query(`USE \`${database}\``);
        const [rows] = await conn.query(sql);
        return rows as T;
      } finally {
        await conn.end();
      }
    },
    async destroy() {
      await server.kill().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    logTail() {
      try {
        return readFileSync(errorLog, 'utf8').split('\n').slice(-15).join('\n');
      } catch {
        return '(no error log)';
      }
    },
  };
  return server;
}
