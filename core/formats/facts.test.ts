import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { acceptFor, FORMAT_FACTS, formatNames, kindsFor, labelOf, type FormatFacts } from './facts';
import { FORMATS } from './index';

const factsOf = (f: FormatFacts): FormatFacts => {
  const { kind, extensions, mime, itemType, label, zipPackage, pageRenders } = f;
  return { kind, extensions, mime, itemType, label, ...(zipPackage === undefined ? {} : { zipPackage }), ...(pageRenders === undefined ? {} : { pageRenders }) };
};

describe('format facts (core/formats/facts.ts)', () => {
  it('the registry lists exactly the formats of the facts, in their order, with their facts unchanged', () => {
    assert.deepEqual(FORMATS.map(factsOf), FORMAT_FACTS.map(factsOf));
  });

  it('the upload dialogs accept the extensions of their item type, and a video its MIME type too', () => {
    assert.equal(acceptFor('document'), '.pdf,.docx,.md,.markdown,.html,.htm');
    assert.equal(acceptFor('presentation'), '.pptx');
    assert.equal(acceptFor('video'), '.mp4,video/mp4');
    assert.equal(acceptFor('image'), '.png,.jpg,.jpeg,.gif,.webp');
    assert.equal(acceptFor('other'), '.pdf,.docx,.pptx,.mp4,video/mp4,.png,.jpg,.jpeg,.gif,.webp,.md,.markdown,.html,.htm');
  });

  it('kinds, labels and names come from the facts', () => {
    assert.deepEqual(kindsFor('document'), ['pdf', 'docx', 'markdown', 'html']);
    assert.equal(labelOf('pptx'), 'a PowerPoint presentation (PPTX)');
    assert.equal(labelOf('zip'), 'a ZIP archive');
    assert.equal(formatNames(['pdf', 'docx', 'markdown', 'xyz']), 'PDF, DOCX, MD, XYZ');
  });

  it('imports types only (the web console and storage import it without Node code)', () => {
    const text = readFileSync(new URL('./facts.ts', import.meta.url), 'utf8');
    const imports = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*'[^']+'|\bimport\s*\(/gm)].map((m) => m[0].trim());
    assert.ok(imports.length > 0);
    assert.deepEqual(imports.filter((i) => !/^import type\b/.test(i)), []);
  });
});
