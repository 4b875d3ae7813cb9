import { Command } from 'commander';
import { ROLES, type Role } from '../../core/product/index';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { parseId, usageError } from '../usage';

/** `cms users` and `cms tokens`: named users and API tokens with roles (admin only). */

function roleOf(v: string | undefined): Role {
  if (!v || !(ROLES as readonly string[]).includes(v)) throw usageError(`--role must be one of ${ROLES.join(', ')}`);
  return v as Role;
}

export function usersCommand(ctx: CliContext) {
  const cmd = new Command('users').description('list, add, change and remove named users (roles: admin, editor, reviewer)');
  cmd.addCommand(withCommonOptions(new Command('ls').description('list users')).action(async () => {
    ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
      const users = await conn.product.users();
      if (ctx.logger.mode === 'json') ctx.logger.json({ users });
      else if (!users.length) ctx.logger.line('No named users (the admin of ADMIN_USERNAME always exists).');
      else for (const u of users) ctx.logger.line(`${String(u.id).padStart(4)}  ${u.username.padEnd(20)} ${u.role.padEnd(9)} ${u.disabled ? 'disabled' : ''}`);
      return EXIT.ok;
    });
  }), { isDefault: true }); // bare `cms users` lists
  cmd.addCommand(withCommonOptions(new Command('add').description('add a user').argument('<username>')
    .requiredOption('--role <role>', ROLES.join(' | ')).option('--name <name>', 'display name')
    .option('--password-env <VAR>', 'read the password from this environment variable (default CMS_NEW_PASSWORD)', 'CMS_NEW_PASSWORD'))
    .action(async (username: string, o: { role: string; name?: string; passwordEnv: string }) => {
      const password = process.env[o.passwordEnv];
      if (!password) throw usageError(`Set the new user's password in ${o.passwordEnv} (at least 12 characters)`);
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        const u = await conn.product.createUser({ username, name: o.name, role: roleOf(o.role), password });
        if (ctx.logger.mode === 'json') ctx.logger.json({ user: u });
        else ctx.logger.line(`Added ${u.role} ${u.username} (id ${u.id})`);
        return EXIT.ok;
      });
    }));
  cmd.addCommand(withCommonOptions(new Command('set').description('change a user').argument('<id>')
    .option('--role <role>', ROLES.join(' | ')).option('--disable', 'disable (their sessions end)').option('--enable', 'enable again'))
    .action(async (id: string, o: { role?: string; disable?: boolean; enable?: boolean }) => {
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        const u = await conn.product.updateUser(parseId(id), {
          ...(o.role ? { role: roleOf(o.role) } : {}), ...(o.disable ? { disabled: true } : o.enable ? { disabled: false } : {}),
        });
        if (ctx.logger.mode === 'json') ctx.logger.json({ user: u });
        else ctx.logger.line(`${u.username}: ${u.role}${u.disabled ? ', disabled' : ''}`);
        return EXIT.ok;
      });
    }));
  cmd.addCommand(withCommonOptions(new Command('rm').description('remove a user').argument('<id>')).action(async (id: string) => {
    ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
      await conn.product.removeUser(parseId(id));
      if (ctx.logger.mode === 'json') ctx.logger.json({ removed: parseId(id) });
      else ctx.logger.line(`Removed user ${id}`);
      return EXIT.ok;
    });
  }));
  return cmd;
}

export function tokensCommand(ctx: CliContext) {
  const cmd = new Command('tokens').description('list, create and revoke named API tokens with a role');
  cmd.addCommand(withCommonOptions(new Command('ls').description('list tokens (never their secret)')).action(async () => {
    ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
      const tokens = await conn.product.tokens();
      if (ctx.logger.mode === 'json') ctx.logger.json({ tokens });
      else if (!tokens.length) ctx.logger.line('No named tokens (CMS_TOKEN is always an admin token).');
      else for (const t of tokens) ctx.logger.line(`${String(t.id).padStart(4)}  ${t.name.padEnd(20)} ${t.role.padEnd(9)} ${t.prefix}…  ${t.revokedAt ? 'revoked' : `last used ${t.lastUsedAt ?? 'never'}`}`);
      return EXIT.ok;
    });
  }), { isDefault: true }); // bare `cms tokens` lists
  cmd.addCommand(withCommonOptions(new Command('create').description('create a token: it is printed once').argument('<name>').requiredOption('--role <role>', ROLES.join(' | ')))
    .action(async (name: string, o: { role: string }) => {
      ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
        const made = await conn.product.createToken({ name, role: roleOf(o.role) });
        if (ctx.logger.mode === 'json') ctx.logger.json(made);
        else {
          ctx.logger.line(made.token);
          ctx.logger.info(`Token "${made.record.name}" (${made.record.role}) created. It is shown only now: keep it somewhere safe.`);
        }
        return EXIT.ok;
      });
    }));
  cmd.addCommand(withCommonOptions(new Command('revoke').description('revoke a token').argument('<id>')).action(async (id: string) => {
    ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
      const t = await conn.product.revokeToken(parseId(id));
      if (ctx.logger.mode === 'json') ctx.logger.json({ token: t });
      else ctx.logger.line(`Revoked token ${t.name}`);
      return EXIT.ok;
    });
  }));
  return cmd;
}
