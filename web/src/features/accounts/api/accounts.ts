import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, TokenView, UserView } from '@core/product/index';
import { api } from '../../../lib/api-client';

/** GET /api/users, GET /api/tokens (admin only). */
export const useUsers = () => useQuery({ queryKey: ['/api/users'], queryFn: () => api.get<UserView[]>('/api/users') });
export const useTokens = () => useQuery({ queryKey: ['/api/tokens'], queryFn: () => api.get<TokenView[]>('/api/tokens') });

function useAccountMutation<V, R>(fn: (v: V) => Promise<R>, key: '/api/users' | '/api/tokens') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorToast: { title: 'common.error', description: 'accounts.failed' } },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: [key] });
      void qc.invalidateQueries({ queryKey: ['/api/audit'] });
    },
  });
}

export const useCreateUser = () =>
  useAccountMutation((v: { username: string; name?: string; role: Role; password: string }) => api.post<UserView>('/api/users', v), '/api/users');
export const useUpdateUser = () =>
  useAccountMutation((v: { id: number; role?: Role; disabled?: boolean }) => api.patch<UserView>(`/api/users/${v.id}`, { role: v.role, disabled: v.disabled }), '/api/users');
export const useRemoveUser = () => useAccountMutation((id: number) => api.delete(`/api/users/${id}`), '/api/users');
/** POST /api/tokens: the answer holds the token, shown once. */
export const useCreateToken = () =>
  useAccountMutation((v: { name: string; role: Role }) => api.post<{ token: string; record: TokenView }>('/api/tokens', v), '/api/tokens');
export const useRevokeToken = () => useAccountMutation((id: number) => api.delete<TokenView>(`/api/tokens/${id}`), '/api/tokens');
