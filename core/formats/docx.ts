import type { FileFormat } from './format';

export const docx: FileFormat = {
  kind: 'docx',
  extensions: ['.docx'],
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  itemType: 'document',
  zipPackage: true,
  label: 'a Word document (DOCX)',
  recognize: ({ zipNames: names }) => {
    if (!names) return null;
    const office = names.has('[content_types].xml') && [...names].some((n) => n.startsWith('word/'));
    return names.has('word/document.xml') || office ? { description: 'Word document (DOCX) data' } : null;
  },
  extract: async (file, opts) => (await import('../ingest/docx')).extractDocx(file, opts),
  openTranslatable: async (file, label) => (await import('../translate/docx')).openDocx(file, label),
};
