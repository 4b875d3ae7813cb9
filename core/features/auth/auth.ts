import { AppError } from '../../foundation/errors';
import type { Accounts } from './accounts';
import type { Role } from '../governance/roles';
import { createRateLimiter } from '../../engines/limits/limiter';
import type { RateLimitStore } from '../../engines/limits/types';
import type { CredentialStore } from './credentials';
import type { SessionStore } from './sessions';
import { hashPassword, randomToken, safeEqual, sha256, verifyPassword } from './secrets';

export interface AdminUser {
  username: string;
  name: string;
  title: string;
  role: Role;
  /** How this request signed in. */
  via: 'session' | 'token';
  /** The API token's name (CMS_TOKEN is "CMS_TOKEN"). */
  token?: string | null;
}

export interface AuthOptions {
  /** Where a generated password's hash and a generated API token are kept (the data folder, or PostgreSQL shared by every server). */
  credentials: CredentialStore;
  username: string;
  /** From ADMIN_PASSWORD; when null the first start generates one. */
  password: string | null;
  /** From CMS_TOKEN; when null a token is generated into the credential store (and the data folder's `cms-token`). */
  apiToken: string | null;
  /** The token of GET /api/metrics: it signs in as nobody (the metrics operation checks it) and is no wrong token. */
  metricsToken?: string | null;
  sessionHours: number;
  loginPerMinute: number;
  /**
   * Failed sign-ins per username (existing or not) in `accountWindowMs` before that username is refused
   * (429, the right password too) until the window lets one more in; a success clears the count. Default 10 in 15 min.
   */
  loginFailuresPerAccount?: number;
  accountWindowMs?: number;
  /** Wrong API tokens accepted per address and minute before every token from it is refused for a while. Default 30. */
  bearerFailuresPerMinute?: number;
  /** Where sign-in sessions live (the catalog, or PostgreSQL shared by every server). */
  sessions: SessionStore;
  /** Where sign-in attempts are counted; this process's memory when absent. */
  rateLimits?: RateLimitStore;
  /** Called once with a generated password so the edge can print it. */
  onGeneratedPassword?: (password: string) => void;
  /** Named users and tokens with roles (core/features/governance/accounts.ts); only the bootstrap admin and CMS_TOKEN without it. */
  accounts?: Accounts;
  /** Told of every sign-in, failed sign-in and sign-out (the audit log). */
  onEvent?: (event: { action: 'sign_in' | 'sign_in_failed' | 'sign_out'; username: string; role: Role | null; clientAddress: string | null }) => void;
}

export { TOKEN_FILE } from './credentials';

const TITLES: Record<Role, string> = { admin: 'Administrator', editor: 'Editor', reviewer: 'Reviewer' };
/** A named user's session token carries the user's id (`u12.<random>`); the whole token is hashed, so the id cannot be changed. */
const sessionUserId = (token: string) => /^u(\d+)\./.exec(token)?.[1];
/** The key of a username's failures: the same for every spelling the sign-in accepts, whether or not the user exists. */
const accountKey = (username: string) => sha256(username.trim().toLowerCase()).slice(0, 32);

/** What sign-in and authentication hold: the options, the bootstrap admin's hash and user, the API token and the limiters. */
interface AuthState {
  options: AuthOptions;
  passwordHash: string;
  apiToken: string;
  user: AdminUser;
  loginLimiter: ReturnType<typeof createRateLimiter>;
  accountLimiter: ReturnType<typeof createRateLimiter>;
  bearerLimiter: ReturnType<typeof createRateLimiter>;
}

/** The bootstrap admin's password hash: from ADMIN_PASSWORD, else generated once into the credential store (and told once). */
async function adminPasswordHash(options: AuthOptions): Promise<string> {
  if (options.password) return hashPassword(options.password);
  let generated = '';
  const got = await options.credentials.getOrCreate('admin-password-hash', () => hashPassword((generated = randomToken(12))));
  if (got.created) options.onGeneratedPassword?.(generated);
  return got.value;
}

/** Checks credentials; returns a new session token (only its hash is stored). */
async function login(s: AuthState, username: string, password: string, clientAddress: string): Promise<{ token: string; user: AdminUser; expiresAt: string }> {
  const { options } = s;
  await s.loginLimiter.hit(clientAddress, 'sign-in attempts');
  // Per account as well as per address: guesses spread over many addresses still stop (the same answer whether or not the user exists).
  const accountWait = await s.accountLimiter.take(accountKey(username));
  if (accountWait) {
    options.onEvent?.({ action: 'sign_in_failed', username: username.slice(0, 80), role: null, clientAddress });
    throw new AppError('rate_limited', `Too many failed sign-ins for this username. Try again in ${accountWait} s.`, { details: { retryAfter: accountWait } });
  }
  const bootstrap = safeEqual(username, options.username);
  const named = bootstrap ? undefined : await options.accounts?.findUser(username);
  const okPass = await verifyPassword(password, named ? named.passwordHash : s.passwordHash);
  if ((!bootstrap && !named) || !okPass) {
    options.onEvent?.({ action: 'sign_in_failed', username: username.slice(0, 80), role: null, clientAddress });
    throw new AppError('unauthorized', 'Invalid email or password');
  }
  await s.loginLimiter.reset(clientAddress);
  await s.accountLimiter.reset(accountKey(username));
  const token = named ? `u${named.id}.${randomToken()}` : randomToken();
  const now = Date.now();
  const expiresAt = new Date(now + options.sessionHours * 3600_000);
  await options.sessions.create(sha256(token), new Date(now), expiresAt);
  const who: AdminUser = named ? { username: named.username, name: named.name, title: TITLES[named.role], role: named.role, via: 'session' } : s.user;
  options.onEvent?.({ action: 'sign_in', username: who.username, role: who.role, clientAddress });
  return { token, user: who, expiresAt: expiresAt.toISOString() };
}

/**
 * The user for a session cookie or API token, or null. Wrong tokens count against `clientAddress`: past
 * the limit every token from it is refused (rate_limited), the right one too, so guessing learns nothing.
 */
async function authenticate(s: AuthState, credentials: { sessionToken?: string; bearer?: string; clientAddress?: string }): Promise<AdminUser | null> {
  const { options, user } = s;
  if (credentials.bearer) {
    if (options.metricsToken && safeEqual(credentials.bearer, options.metricsToken)) return null;
    const address = credentials.clientAddress ?? 'unknown';
    const retryAfter = await s.bearerLimiter.take(address);
    if (retryAfter) throw new AppError('rate_limited', `Too many wrong API tokens from this address. Try again in ${retryAfter} s.`, { details: { retryAfter } });
    if (s.apiToken && safeEqual(credentials.bearer, s.apiToken)) {
      await s.bearerLimiter.undo(address);
      return { ...user, via: 'token', token: 'CMS_TOKEN' };
    }
    const named = await options.accounts?.tokenFor(credentials.bearer);
    if (named) {
      await s.bearerLimiter.undo(address);
      return { username: named.name, name: named.name, title: TITLES[named.role], role: named.role, via: 'token', token: named.name };
    }
  }
  if (credentials.sessionToken && (await options.sessions.isValid(sha256(credentials.sessionToken), new Date()))) {
    const id = sessionUserId(credentials.sessionToken);
    if (id === undefined) return user;
    // A removed or disabled user's sessions end with them.
    const named = await options.accounts?.userById(Number(id));
    return named ? { username: named.username, name: named.name, title: TITLES[named.role], role: named.role, via: 'session' } : null;
  }
  return null;
}

/**
 * Server-side sign-in: one admin account (username + scrypt hash, checked
 * off the event loop), session tokens kept hashed in the session store, and
 * an API token for the CLI and cron.
 */
export async function createAuth(options: AuthOptions) {
  const passwordHash = await adminPasswordHash(options);
  const apiToken = options.apiToken ?? (await options.credentials.getOrCreate('api-token', () => randomToken(24))).value;
  const s: AuthState = {
    options, passwordHash, apiToken,
    user: { username: options.username, name: 'Admin User', title: 'Building Manager', role: 'admin', via: 'session' },
    loginLimiter: createRateLimiter({ name: 'login', limit: options.loginPerMinute, windowMs: 60_000, store: options.rateLimits }),
    accountLimiter: createRateLimiter({ name: 'login-account', limit: options.loginFailuresPerAccount ?? 10, windowMs: options.accountWindowMs ?? 15 * 60_000, store: options.rateLimits }),
    bearerLimiter: createRateLimiter({ name: 'bearer', limit: options.bearerFailuresPerMinute ?? 30, windowMs: 60_000, store: options.rateLimits }),
  };
  const self = {
    user: s.user,
    /** Checks credentials; returns a new session token (only its hash is stored). */
    login: (username: string, password: string, clientAddress: string) => login(s, username, password, clientAddress),
    async logout(token: string | undefined) {
      if (!token) return;
      const who = await self.authenticate({ sessionToken: token }).catch(() => null);
      await options.sessions.remove(sha256(token));
      if (who) options.onEvent?.({ action: 'sign_out', username: who.username, role: who.role, clientAddress: null });
    },
    /** The user for a session cookie or API token, or null (wrong tokens count against `clientAddress`). */
    authenticate: (credentials: { sessionToken?: string; bearer?: string; clientAddress?: string }) => authenticate(s, credentials),
    get apiToken() {
      return apiToken;
    },
  };
  return self;
}
export type Auth = Awaited<ReturnType<typeof createAuth>>;
