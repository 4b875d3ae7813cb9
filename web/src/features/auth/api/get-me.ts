import { api } from '../../../lib/api-client';

/** The signed-in user as POST /api/auth/login and GET /api/auth/me answer it. */
export interface AuthUser {
  username: string;
  name: string;
  title: string;
}

/** GET /api/auth/me: the user, or null when the session is not valid (401). */
export function getMe(signal?: AbortSignal): Promise<AuthUser | null> {
  return api.get<AuthUser | null>('/api/auth/me', { on401: 'null', signal });
}
