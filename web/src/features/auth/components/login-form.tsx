import { Eye, EyeOff, LogIn } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { isApiError } from '../../../lib/api-client';
import { wordError } from '../../../lib/messages';
import { useLogin } from '../api/login';
import { useAuth } from '../auth-provider';

export function LoginForm() {
  const { t, i18n } = useTranslation();
  const { signIn } = useAuth();
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);

  const loginMutation = useLogin({
    onSuccess: (user) => {
      toast({ title: t('login.success'), description: t('login.welcome', { name: user.name }) });
      signIn(user);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 429) {
        toast({ title: t('login.tooMany'), description: t('login.tooManyHint'), variant: 'destructive' });
      } else if (isApiError(error) && (error.status === 401 || error.status === 400)) {
        toast({ title: t('login.invalid'), description: t('login.invalidHint'), variant: 'destructive' });
      } else {
        toast({ title: t('login.failed'), description: wordError(i18n.language, error), variant: 'destructive' });
      }
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) return;
    loginMutation.mutate({ username: username.trim(), password });
  };

  const busy = loginMutation.isPending;
  return (
    <form onSubmit={onSubmit} className="grid gap-5" aria-busy={busy} noValidate={false}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-user`}>{t('login.username')}</Label>
        <Input
          id={`${id}-user`}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          placeholder={t('login.usernamePlaceholder')}
          disabled={busy}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-pass`}>{t('login.password')}</Label>
        <div className="relative">
          <Input
            id={`${id}-pass`}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            placeholder={t('login.passwordPlaceholder')}
            className="pe-10"
            disabled={busy}
          />
          <button
            type="button"
            onClick={() => setShowPassword((v) => !v)}
            aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
            aria-pressed={showPassword}
            className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {showPassword ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
          </button>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? <Spinner /> : <LogIn aria-hidden className="rtl:-scale-x-100" />}
        {busy ? t('login.signingIn') : t('login.signIn')}
      </Button>
    </form>
  );
}
