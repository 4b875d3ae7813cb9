import { KeyRound, Plus, UserRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@core/product/index';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { DeleteIconButton, TableHeader } from '../../../components/table-parts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Table, TBody, TD, TR } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { useCreateToken, useCreateUser, useRemoveUser, useRevokeToken, useTokens, useUpdateUser, useUsers } from '../api/accounts';

const ROLES: Role[] = ['admin', 'editor', 'reviewer'];
const selectCls = 'h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function RoleSelect({ id, value, onChange, label }: { id?: string; value: Role; onChange: (r: Role) => void; label: string }) {
  const { t } = useTranslation();
  return (
    <select id={id} aria-label={label} className={selectCls} value={value} onChange={(e) => onChange(e.target.value as Role)}>
      {ROLES.map((r) => <option key={r} value={r}>{t(`roles.${r}`)}</option>)}
    </select>
  );
}

function Users() {
  const { t } = useTranslation();
  const id = useId();
  const users = useUsers();
  const create = useCreateUser();
  const update = useUpdateUser();
  const remove = useRemoveUser();
  const [form, setForm] = useState({ username: '', password: '', role: 'editor' as Role });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(form, { onSuccess: () => setForm({ username: '', password: '', role: 'editor' }) });
  };
  const columns = [t('accounts.username'), t('accounts.role'), t('accounts.state'), t('accounts.created')];
  return (
    <Card>
      <CardHeader><CardTitle>{t('accounts.users')}</CardTitle></CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t('accounts.rolesHint')}</p>
        <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
          <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-u`}>{t('accounts.username')}
            <Input id={`${id}-u`} value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} autoComplete="off" required />
          </label>
          <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-p`}>{t('accounts.password')}
            <Input id={`${id}-p`} type="password" minLength={12} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} autoComplete="new-password" required />
          </label>
          <RoleSelect value={form.role} onChange={(role) => setForm({ ...form, role })} label={t('accounts.role')} />
          <Button type="submit" disabled={create.isPending}><Plus aria-hidden />{t('accounts.addUser')}</Button>
        </form>
        {users.isPending ? <SkeletonRows /> : users.isError ? <ErrorState error={users.error} onRetry={() => void users.refetch()} /> : users.data.length === 0 ? (
          <EmptyState icon={UserRound} title={t('accounts.noUsers')} />
        ) : (
          <Table>
            <TableHeader columns={columns} actions={t('content.actions')} />
            <TBody>
              {users.data.map((u) => (
                <TR key={u.id} data-testid="user-row">
                  <TD main><span className="font-medium">{u.username}</span></TD>
                  <TD label={columns[1]}><RoleSelect value={u.role} onChange={(role) => update.mutate({ id: u.id, role })} label={t('accounts.roleOf', { name: u.username })} /></TD>
                  <TD label={columns[2]}>
                    <Button size="sm" variant="outline" onClick={() => update.mutate({ id: u.id, disabled: !u.disabled })}>
                      {u.disabled ? t('accounts.enable') : t('accounts.disable')}
                    </Button>
                    {u.disabled ? <Badge tone="red" className="ms-2">{t('accounts.disabled')}</Badge> : null}
                  </TD>
                  <TD label={columns[3]} className="whitespace-nowrap">{formatDate(u.createdAt)}</TD>
                  <TD actions>
                    <DeleteIconButton label={t('accounts.removeNamed', { name: u.username })} onClick={() => {
                      if (window.confirm(t('accounts.confirmRemove', { name: u.username }))) remove.mutate(u.id);
                    }} />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function Tokens() {
  const { t } = useTranslation();
  const id = useId();
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [form, setForm] = useState({ name: '', role: 'editor' as Role });
  const [shown, setShown] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(form, { onSuccess: (made) => { setShown(made.token); setForm({ name: '', role: 'editor' }); } });
  };
  const columns = [t('accounts.tokenName'), t('accounts.role'), t('accounts.token'), t('accounts.lastUsed')];
  return (
    <Card>
      <CardHeader><CardTitle>{t('accounts.tokens')}</CardTitle></CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t('accounts.tokensHint')}</p>
        <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-n`}>{t('accounts.tokenName')}
            <Input id={`${id}-n`} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required maxLength={80} />
          </label>
          <RoleSelect value={form.role} onChange={(role) => setForm({ ...form, role })} label={t('accounts.role')} />
          <Button type="submit" disabled={create.isPending}><KeyRound aria-hidden />{t('accounts.createToken')}</Button>
        </form>
        {tokens.isPending ? <SkeletonRows /> : tokens.isError ? <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} /> : tokens.data.length === 0 ? (
          <EmptyState icon={KeyRound} title={t('accounts.noTokens')} />
        ) : (
          <Table>
            <TableHeader columns={columns} actions={t('content.actions')} />
            <TBody>
              {tokens.data.map((tk) => (
                <TR key={tk.id} data-testid="token-row">
                  <TD main><span className="font-medium">{tk.name}</span></TD>
                  <TD label={columns[1]}>{t(`roles.${tk.role}`)}</TD>
                  <TD label={columns[2]} dir="ltr"><code className="text-xs">{tk.prefix}…</code></TD>
                  <TD label={columns[3]} className="whitespace-nowrap">
                    {tk.revokedAt ? <Badge tone="red">{t('accounts.revoked')}</Badge> : tk.lastUsedAt ? formatDate(tk.lastUsedAt) : t('accounts.never')}
                  </TD>
                  <TD actions>
                    {!tk.revokedAt ? (
                      <Button size="sm" variant="outline" className="text-destructive" onClick={() => {
                        if (window.confirm(t('accounts.confirmRevoke', { name: tk.name }))) revoke.mutate(tk.id);
                      }}>{t('accounts.revoke')}</Button>
                    ) : null}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
      {shown ? (
        <Dialog open onOpenChange={(o) => !o && setShown(null)} title={t('accounts.tokenCreated')} description={t('accounts.tokenOnce')}
          footer={<Button onClick={() => setShown(null)}>{t('common.close')}</Button>}>
          <code className="block break-all rounded-md bg-muted p-3 text-sm" dir="ltr" data-testid="new-token">{shown}</code>
        </Dialog>
      ) : null}
    </Card>
  );
}

/** Users and API tokens (admin only): who may sign in with which role, and which scripts may call the API. */
export function AccountsPage() {
  const { t } = useTranslation();
  return (
    <section className="grid gap-6" data-testid="accounts-page">
      <PageHeader title={t('accounts.title')} description={t('accounts.subtitle')} />
      <Users />
      <Tokens />
    </section>
  );
}
