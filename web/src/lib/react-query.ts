/**
 * TanStack Query defaults of spec section 7: no retries, data never stale, no
 * refetch on focus, 5 minute cache. Mutations declare their success and error
 * toasts in `meta`; they are shown here, in one place, so components never do.
 * A 401 shows no error toast: the auth provider takes the user to sign-in.
 */
import { MutationCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { GC_TIME_MS } from '../config/constants';
import { toast } from '../components/ui/use-toast';
import { isApiError } from './api-client';
import { i18n } from './i18n';
import { wordReason } from './messages';

export type TranslationKey = ParseKeys;

export interface ToastText {
  title: TranslationKey;
  description?: TranslationKey;
  /** A description for an API error code (e.g. `conflict`), worded with the mutation's variables: it says why. */
  byCode?: Partial<Record<string, TranslationKey>>;
}

export interface AppMutationMeta extends Record<string, unknown> {
  successToast?: ToastText;
  errorToast?: ToastText;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: AppMutationMeta;
  }
}

export const queryConfig = {
  queries: {
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    gcTime: GC_TIME_MS,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

/** The server's answer behind an error (an upload's error keeps it as its cause). */
const apiErrorOf = (error: unknown) => (isApiError(error) ? error : error instanceof Error && isApiError(error.cause) ? error.cause : null);

function show(text: ToastText, destructive: boolean, error?: unknown, variables?: unknown) {
  const answer = apiErrorOf(error);
  const code = answer?.code ?? null;
  // The server's own reason, when it sent it as a code (a category name taken, a file imported already), says why best.
  const reason = answer ? wordReason(i18n.language, answer) : null;
  const description = (code && text.byCode?.[code]) || text.description;
  // The variables name what the toast is about: `{ name }`, or an update's `{ id, data: { name } }`.
  const vars = variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {};
  const params = { ...vars, ...(vars.data && typeof vars.data === 'object' ? (vars.data as Record<string, unknown>) : {}) };
  toast({
    title: i18n.t(text.title),
    description: reason ?? (description ? i18n.t(description, params) : undefined),
    variant: destructive ? 'destructive' : 'default',
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: queryConfig,
    mutationCache: new MutationCache({
      onSuccess: (_data, _vars, _ctx, mutation) => {
        const text = mutation.options.meta?.successToast;
        if (text) show(text, false);
      },
      onError: (error, vars, _ctx, mutation) => {
        if (isApiError(error) && error.status === 401) return;
        const text = mutation.options.meta?.errorToast;
        if (text) show(text, true, error, vars);
      },
    }),
  });
}
