import { DOCX } from './facts';
import type { FileFormat } from './format';

export const docx: FileFormat = {
  ...DOCX,
  recognize: ({ zipNames: names }) => {
    if (!names) return null;
    const office = names.has('[content_types].xml') && [...names].some((n) => n.startsWith('word/'));
    return names.has('word/document.xml') || office ? { description: 'Word document (DOCX) data' } : null;
  },
};
