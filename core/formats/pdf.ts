import { PDF } from './facts';
import type { FileFormat } from './format';

export const pdf: FileFormat = {
  ...PDF,
  recognize: (head) => (head.ascii.slice(0, 1024).includes('%PDF-') ? { description: 'PDF data' } : null),
};
