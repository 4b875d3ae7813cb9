import { UserRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { sendHandoff } from '../api/send-handoff';

/** The offer to pass a question on to a person: name, e-mail or phone, and consent. */
export function HandoffForm({ referenceId }: { referenceId: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [consent, setConsent] = useState(false);
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'invalid'>('idle');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || (!email.trim() && !phone.trim()) || !consent) return setState('invalid');
    setState('busy');
    try {
      await sendHandoff({ referenceId, name: name.trim(), email: email.trim() || null, phone: phone.trim() || null, consent, language: i18n.language });
      setState('sent');
    } catch {
      setState('invalid');
    }
  };

  if (state === 'sent') return <p role="status" className="mt-2 text-sm font-medium" data-testid="handoff-sent">{t('handoff.sent')}</p>;
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-2 flex flex-col gap-2 rounded-lg border border-border bg-background p-3" data-testid="handoff-form" noValidate>
      <p className="flex items-center gap-2 text-sm font-semibold"><UserRound className="size-4" aria-hidden />{t('handoff.title')}</p>
      <label htmlFor={`${id}-name`} className="text-xs font-medium">{t('handoff.name')}</label>
      <Input id={`${id}-name`} autoComplete="name" dir="auto" value={name} onChange={(e) => setName(e.target.value)} />
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-email`} className="text-xs font-medium">{t('handoff.email')}</label>
          <Input id={`${id}-email`} type="email" autoComplete="email" dir="ltr" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-phone`} className="text-xs font-medium">{t('handoff.phone')}</label>
          <Input id={`${id}-phone`} type="tel" autoComplete="tel" dir="ltr" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </div>
      </div>
      <label className="flex items-start gap-2 text-xs text-muted-foreground">
        <input type="checkbox" className="mt-0.5" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        <span>{t('handoff.consent')}</span>
      </label>
      {state === 'invalid' ? <p role="alert" className="text-xs text-red-700">{t('handoff.invalid')}</p> : null}
      <Button type="submit" size="sm" disabled={state === 'busy'} className="self-start">{t('handoff.submit')}</Button>
    </form>
  );
}
