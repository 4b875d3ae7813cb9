import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AuthUser } from './get-me';

export interface LoginInput {
  username: string;
  password: string;
}

/** POST /api/auth/login: the server checks the credentials and sets the session cookie. */
export function login(input: LoginInput): Promise<AuthUser> {
  return api.post<AuthUser>('/api/auth/login', input, { on401: 'throw' });
}

export function useLogin(options: { onSuccess: (user: AuthUser) => void; onError: (error: unknown) => void }) {
  return useMutation({ mutationFn: login, onSuccess: options.onSuccess, onError: options.onError });
}
