/**
 * Sign-in state. localStorage isAuthenticated is only a hint: at startup it
 * is confirmed with GET /api/auth/me, and a 401 from any API call returns the
 * user to the sign-in screen and clears it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../config/constants';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { toast } from '../../components/ui/use-toast';
import { getMe, type AuthUser } from './api/get-me';
import { logout as logoutRequest } from './api/logout';

export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';

interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  signIn: (user: AuthUser) => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function readFlag(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.isAuthenticated) === 'true';
  } catch {
    return false;
  }
}
function writeFlag(on: boolean) {
  try {
    if (on) localStorage.setItem(STORAGE_KEYS.isAuthenticated, 'true');
    else localStorage.removeItem(STORAGE_KEYS.isAuthenticated);
  } catch {
    /* storage unavailable: the session cookie still decides */
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>(() => (readFlag() ? 'checking' : 'signed-out'));
  const [user, setUser] = useState<AuthUser | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;

  useEffect(() => {
    if (status !== 'checking') return;
    const ctrl = new AbortController();
    getMe(ctrl.signal)
      .then((me) => {
        if (me) {
          setUser(me);
          setStatus('signed-in');
        } else {
          writeFlag(false);
          setStatus('signed-out');
        }
      })
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return;
        // Server unreachable: trust the hint; the next API call decides.
        console.warn('Could not confirm the session', e);
        setStatus('signed-in');
      });
    return () => ctrl.abort();
    // Only the startup check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const endSession = useCallback(() => {
    writeFlag(false);
    setUser(null);
    setStatus('signed-out');
    queryClient.cancelQueries().catch(() => undefined);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (statusRef.current === 'signed-out') return;
      endSession();
      toast({ title: i18n.t('auth.sessionEnded'), description: i18n.t('auth.signInAgain'), variant: 'destructive' });
    });
    return () => setUnauthorizedHandler(null);
  }, [endSession]);

  const signIn = useCallback((u: AuthUser) => {
    writeFlag(true);
    setUser(u);
    setStatus('signed-in');
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logoutRequest();
    } catch (e) {
      console.warn('Logout request failed; signing out locally', e);
    }
    endSession();
  }, [endSession]);

  const value = useMemo(() => ({ status, user, signIn, signOut }), [status, user, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
