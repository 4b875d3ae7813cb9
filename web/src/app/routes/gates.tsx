import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen';
import { useAuth } from '../../features/auth/auth-provider';

const LoginRoute = lazy(() => import('./login'));

/** Lazy route chunks wait behind a plain loader. */
export function ChunkBoundary({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<LoadingScreen label={t('common.loadingApp')} />}>{children}</Suspense>;
}

/**
 * Signed-in routes: "Loading..." while the sign-in state is read, the login
 * screen when signed out (in place, so the URL is kept), the page otherwise.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { t } = useTranslation();
  if (status === 'checking') return <LoadingScreen label={t('common.loadingApp')} />;
  if (status === 'signed-out')
    return (
      <ChunkBoundary>
        <LoginRoute />
      </ChunkBoundary>
    );
  return <ChunkBoundary>{children}</ChunkBoundary>;
}
