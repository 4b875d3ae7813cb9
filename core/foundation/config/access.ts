/** Who may sign in and call the API: the admin account, the API and metrics tokens, sessions. */
import type { EnvReader } from './read';

/** Shortest accepted CMS_TOKEN and ADMIN_PASSWORD. */
export const MIN_TOKEN_CHARS = 32;
export const MIN_PASSWORD_CHARS = 12;

/** Chosen secrets must resist guessing; left unset, strong ones are generated into the data folder. */
export function checkSecrets({ str, problems }: EnvReader): void {
  const token = str('CMS_TOKEN');
  if (token !== null && token.length < MIN_TOKEN_CHARS) {
    problems.push(`CMS_TOKEN is too short (${token.length} characters; at least ${MIN_TOKEN_CHARS}): leave it unset to have one generated, or use e.g. \`openssl rand -hex 24\``);
  }
  const metricsToken = str('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < MIN_TOKEN_CHARS) {
    problems.push(`METRICS_TOKEN is too short (${metricsToken.length} characters; at least ${MIN_TOKEN_CHARS}): use e.g. \`openssl rand -hex 24\``);
  }
  const password = str('ADMIN_PASSWORD');
  if (password !== null && password.length < MIN_PASSWORD_CHARS) {
    problems.push(`ADMIN_PASSWORD is too short (${password.length} characters; at least ${MIN_PASSWORD_CHARS}): leave it unset to have one generated on first start`);
  }
}
