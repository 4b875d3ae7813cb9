import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../core/foundation/errors';
import { lineLogger, type Product } from '../core/product/index';
import { readLock, TOKEN_FILE } from './compose';
import type { CliContext } from './context';

/**
 * The product as the CLI reaches it: in this process on the data folder
 * (direct), or through a running server (http), which holds the folder.
 * Either way `product` is core's one `Product` interface.
 */
export interface Connection {
  readonly product: Product;
  readonly mode: 'http' | 'direct';
  /** Where the work happens, for messages: the server URL or the data folder. */
  readonly target: string;
  /** Whether queued work is processed while this connection is open. */
  readonly processesJobs: boolean;
  close(): Promise<void>;
}

export interface ConnectionNeeds {
  /** Run the job worker in direct mode (import, retry, status --follow). */
  worker: boolean;
}

function readTokenFile(dataDir: string): string | null {
  try {
    return readFileSync(path.join(dataDir, TOKEN_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * The one place the mode is chosen. HTTP when CMS_URL is set or a live
 * server holds the data folder (one writer owns it); otherwise direct, which
 * takes the data folder's lock itself.
 */
export async function openConnection(ctx: CliContext, needs: ConnectionNeeds): Promise<Connection> {
  const config = ctx.config();
  const explicitUrl = ctx.env.CMS_URL ? config.cli.serverUrl : null;
  const holder = explicitUrl ? null : readLock(config.dataDir);
  if (holder && !holder.url) {
    throw new AppError(
      'conflict',
      `The data folder ${config.dataDir} is in use by process ${holder.pid}, which is not a server the CLI can talk to ` +
        '(another `cms` run?). Wait for it to finish, or set CMS_URL to a running server.',
    );
  }
  const url = explicitUrl ?? holder?.url ?? null;
  if (url) {
    const { createProductClient } = await import('./http/product-client');
    const token = config.apiToken ?? readTokenFile(config.dataDir);
    ctx.logger.debug(`mode: http (${url}${explicitUrl ? ', from CMS_URL' : `, server pid ${holder?.pid}`}), token: ${token ? 'yes' : 'none'}`);
    const product = createProductClient({ baseUrl: url, token, tokenHint: path.join(config.dataDir, TOKEN_FILE), signal: ctx.signal });
    return { product, mode: 'http', target: product.baseUrl, processesJobs: true, close: async () => {} };
  }
  ctx.logger.debug(`mode: direct (data folder ${config.dataDir}, worker ${needs.worker ? 'on' : 'off'})`);
  const { connectDirect } = await import('./connect-direct');
  return connectDirect(config, {
    worker: needs.worker,
    // The services' lines (jobs, start) are a log: JSON on stderr, with --debug only.
    log: ctx.debug ? lineLogger(ctx.logger.log({ to: 'stderr' })) : () => {},
    onGeneratedPassword: (password) => tellGeneratedPassword(ctx, config.dataDir, config.admin.username, password),
  });
}

/** Where a generated admin password is written when no one is at a terminal to read it. */
export const PASSWORD_FILE = 'admin-password.txt';

/**
 * A new data folder got a generated admin password. At an interactive terminal it is shown once; anywhere
 * else (cron, CI, a pipe) it would end up in a log, so it goes to a file only its owner can read, and
 * only the file's path is printed.
 */
function tellGeneratedPassword(ctx: CliContext, dataDir: string, username: string, password: string) {
  const interactive = !!process.stdin.isTTY && !!process.stderr.isTTY && ctx.logger.mode === 'tty';
  const intro = `This data folder had no admin account, so one was made. Sign in to the web console as "${username}"`;
  if (interactive) {
    ctx.logger.warn(`${intro} with the password ${password} (shown only this once; set ADMIN_PASSWORD to choose your own).`);
    return;
  }
  const file = path.join(dataDir, PASSWORD_FILE);
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  ctx.logger.warn(`${intro} with the password written to ${file} (readable by its owner only; delete it once noted; set ADMIN_PASSWORD to choose your own).`);
}

/** Opens a connection for the length of `fn` and always closes it. */
export async function withConnection<T>(ctx: CliContext, needs: ConnectionNeeds, fn: (c: Connection) => Promise<T>): Promise<T> {
  const connection = await openConnection(ctx, needs);
  try {
    return await fn(connection);
  } finally {
    await connection.close();
  }
}
