/**
 * Office XML parts never need a DOCTYPE. One that declares entities is
 * either a hostile file (an external entity reading a local file or a URL,
 * or nested entities that blow up memory) or an odd generator. The
 * declaration is removed before parsing: simple internal entities (plain
 * text, no nested references) are expanded, every other reference is left
 * unresolved as visible text (`&name;`), so the rest of the document reads
 * normally and nothing is fetched.
 */
const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

export function neutralizeDoctype(xml: string): string {
  const start = xml.search(/<!DOCTYPE\b/i);
  if (start < 0) return xml;
  // The declaration ends at the first '>' after its internal subset ']' (or at the first '>' without one).
  const bracket = xml.indexOf('[', start);
  const firstClose = xml.indexOf('>', start);
  let end: number;
  if (bracket >= 0 && bracket < firstClose) {
    const closeBracket = xml.indexOf(']', bracket);
    end = closeBracket < 0 ? -1 : xml.indexOf('>', closeBracket);
  } else {
    end = firstClose;
  }
  if (end < 0) return xml;
  const decl = xml.slice(start, end + 1);
  const simple = new Map<string, string>();
  for (const m of decl.matchAll(/<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(["'])([^"']*)\2\s*>/g)) {
    const value = m[3] ?? '';
    if (!/[&%<]/.test(value.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, '')) && value.length <= 1000) simple.set(m[1]!, value);
  }
  const body = xml.slice(0, start) + xml.slice(end + 1);
  return body.replace(/&([A-Za-z_][\w.-]*);/g, (all, name: string) => {
    if (PREDEFINED.has(name)) return all;
    return simple.get(name) ?? `&amp;${name};`;
  });
}
