import { Command } from 'commander';
import type { GlossaryEntry } from '../../core/product/index';
import { withConnection } from '../connection';
import { withCommonOptions, type CliContext } from '../context';
import { EXIT } from '../handle-error';
import { usageError } from '../usage';

const show = (e: GlossaryEntry) =>
  `${e.term}${e.translations ? `  →  ${Object.entries(e.translations).map(([l, t]) => `${l}: ${t}`).join(', ')}` : '  (kept as it is)'}`;

export function glossaryCommand(ctx: CliContext) {
  const print = async (action: (p: import('../../core/product/index').Product) => Promise<import('../../core/product/index').Glossary>) => {
    ctx.exitCode = await withConnection(ctx, { worker: false }, async (conn) => {
      const g = await action(conn.product);
      if (ctx.logger.mode === 'json') ctx.logger.json(g);
      else {
        ctx.logger.info(`Glossary version ${g.version}, ${g.entries.length} term${g.entries.length === 1 ? '' : 's'}`);
        for (const e of g.entries) ctx.logger.line(show(e));
      }
      return EXIT.ok;
    });
  };
  const cmd = new Command('glossary')
    .description('terms translation never changes (brand and product names, model numbers) or always translates the same way');
  cmd.addCommand(withCommonOptions(new Command('list').exitOverride().description('show the glossary')).action(() => print((p) => p.glossary())), { isDefault: true });
  cmd.addCommand(withCommonOptions(
    new Command('add').exitOverride()
      .description('add a term (kept as it is), or with --as a fixed translation per language')
      .argument('<term>')
      .option('--as <lang=text...>', 'fixed translation, e.g. --as "hebrew=שער KNX"')
      .option('--ignore-case', 'match the term in any case'),
  ).action((term: string, o: { as?: string[]; ignoreCase?: boolean }) => {
    const translations: Record<string, string> = {};
    for (const pair of o.as ?? []) {
      const i = pair.indexOf('=');
      if (i < 1) throw usageError(`--as takes language=text, not "${pair}"`);
      translations[pair.slice(0, i).trim().toLowerCase()] = pair.slice(i + 1).trim();
    }
    return print((p) => p.putGlossaryTerm({ term, ...(Object.keys(translations).length ? { translations } : {}), ...(o.ignoreCase ? { ignoreCase: true } : {}) } as GlossaryEntry));
  }));
  cmd.addCommand(withCommonOptions(new Command('rm').exitOverride().description('remove a term').argument('<term>'))
    .action((term: string) => print((p) => p.removeGlossaryTerm(term))));
  cmd.addHelpText('after', '\nExamples:\n  cms glossary\n  cms glossary add AuraShade\n  cms glossary add "KNX gateway" --as "spanish=pasarela KNX"\n  cms glossary rm AuraShade --json');
  return cmd;
}
