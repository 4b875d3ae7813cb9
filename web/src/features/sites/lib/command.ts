import type { SiteRun } from '@core/foundation/types';

/** The `cms sync` command that repeats a site's last run (its flags), for cron; a plain one for a site never run. */
export function syncCommand(site: string, run: SiteRun | null): string {
  const f = run?.flags;
  const hosts = (f?.allowHosts ?? []).map((h) => ` --allow-host ${h}`).join('');
  return `cms sync ${site}${hosts}${f?.approve ? ' --approve' : ''}${f?.delete ? ' --delete' : ''}${f?.audience ? ` --audience ${f.audience}` : ''}`;
}

/** A nightly cron line (03:00) running that command. */
export const cronLine = (command: string) => `0 3 * * * ${command} --json >> /var/log/cms-sync.log 2>&1`;
