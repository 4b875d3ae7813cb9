import { api } from '../../../lib/api-client';

/** POST /api/auth/logout: revokes the session and clears the cookie. */
export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout', undefined, { on401: 'throw' });
}
