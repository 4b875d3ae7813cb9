import assert from 'node:assert/strict';
import { test } from 'node:test';
import { en } from './en';
import { he } from './he';

/**
 * A button's accessible name starts with its visible text (WCAG 2.5.3 "label in
 * name"): the name of a row's button ("Approve {{title}}", key `approveNamed`)
 * begins with the word the button shows (`approve` beside it, else in
 * `common`), in English and in Hebrew ("דחייה: X", not "דחיית X").
 */
type Tree = { [k: string]: string | Tree };

/** Icon-only buttons (no visible text: their name is their tooltip). */
const ICON_ONLY = new Set(['content.actionsNamed']);

function pairs(lang: Tree): Array<{ key: string; named: string; visible: string }> {
  const out: Array<{ key: string; named: string; visible: string }> = [];
  const common = lang.common as Tree;
  const walk = (node: Tree, path: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v !== 'string') {
        walk(v, `${path}${k}.`);
        continue;
      }
      if (!k.endsWith('Named')) continue;
      const base = k.slice(0, -'Named'.length);
      const visible = typeof node[base] === 'string' ? node[base] : typeof common[base] === 'string' ? common[base] : null;
      if (typeof visible === 'string') out.push({ key: `${path}${k}`, named: v, visible });
    }
  };
  walk(lang, '');
  return out;
}

for (const [name, lang] of [['English', en], ['Hebrew', he]] as const) {
  test(`${name}: every "...Named" button name starts with the text the button shows`, () => {
    const found = pairs(lang as unknown as Tree);
    assert.ok(found.length >= 10, `found ${found.length} pairs`);
    const wrong = found.filter((p) => !ICON_ONLY.has(p.key) && !p.named.replace(/^"/, '').startsWith(p.visible)).map((p) => `${p.key}: "${p.named}" does not start with "${p.visible}"`);
    assert.deepEqual(wrong, []);
  });
}
