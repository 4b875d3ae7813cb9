import { PPTX } from './facts';
import type { FileFormat } from './format';

export const pptx: FileFormat = {
  ...PPTX,
  recognize: ({ zipNames: names }) => {
    if (!names) return null;
    const office = names.has('[content_types].xml') && [...names].some((n) => n.startsWith('ppt/'));
    return names.has('ppt/presentation.xml') || office ? { description: 'PowerPoint presentation (PPTX) data' } : null;
  },
};
