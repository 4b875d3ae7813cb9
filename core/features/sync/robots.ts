/**
 * robots.txt, as much of it as a polite site sync needs (RFC 9309): the
 * group for our user agent (else `*`), its Allow and Disallow rules with
 * `*` and `$`; the longest matching rule decides, Allow winning a tie.
 */
export interface Robots {
  allowed(pathAndQuery: string): boolean;
}

interface Rule { allow: boolean; pattern: string; re: RegExp }

const toRegExp = (pattern: string) =>
  new RegExp('^' + pattern.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\\\$$|\$$/, '$'));

/** The rules of `text` that apply to `agent` (a product token, e.g. "cms-site-sync"). */
export function parseRobots(text: string, agent: string): Robots {
  const groups: Array<{ agents: string[]; rules: Rule[] }> = [];
  let current: { agents: string[]; rules: Rule[] } | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const m = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || (key !== 'allow' && key !== 'disallow')) continue;
    if (!value) continue; // "Disallow:" with nothing allows everything
    current.rules.push({ allow: key === 'allow', pattern: value, re: toRegExp(value) });
  }
  const token = agent.toLowerCase();
  const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && token.startsWith(a)));
  const rules = (mine.length ? mine : groups.filter((g) => g.agents.includes('*'))).flatMap((g) => g.rules);
  return {
    allowed(pathAndQuery: string) {
      let best: Rule | null = null;
      for (const r of rules) {
        if (!r.re.test(pathAndQuery)) continue;
        if (!best || r.pattern.length > best.pattern.length || (r.pattern.length === best.pattern.length && r.allow)) best = r;
      }
      return !best || best.allow;
    },
  };
}

export const allowAll: Robots = { allowed: () => true };
