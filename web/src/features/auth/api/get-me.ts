import { api } from '../../../lib/api-client';

/** The signed-in user as POST /api/auth/login and GET /api/auth/me answer it. */
export interface AuthUser {
  username: string;
  name: string;
  title: string;
  /** admin, editor or reviewer: what the console offers (the server checks every call anyway). */
  role?: 'admin' | 'editor' | 'reviewer';
}

/** Whether the user's role may approve and reject (admin, reviewer); unknown role: the server decides, the buttons show. */
export const canReview = (user: AuthUser | null) => !user?.role || user.role === 'admin' || user.role === 'reviewer';
/** Whether the user's role may replace files (admin, editor). */
export const canEdit = (user: AuthUser | null) => !user?.role || user.role === 'admin' || user.role === 'editor';

/** Whether the user's role may manage the installation (admin): start a website sync. */
export const canManage = (user: AuthUser | null) => !user?.role || user.role === 'admin';

/** GET /api/auth/me: the user, or null when the session is not valid (401). */
export function getMe(signal?: AbortSignal): Promise<AuthUser | null> {
  return api.get<AuthUser | null>('/api/auth/me', { on401: 'null', signal });
}
