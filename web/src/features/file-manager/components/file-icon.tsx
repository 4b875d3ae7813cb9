import { File, FileArchive, FileAudio, FileImage, FileJson, FileSpreadsheet, FileText, FileVideo, Presentation } from 'lucide-react';
import { extensionOf } from '../../../lib/format';

const BY_EXT: Record<string, { icon: typeof File; color: string }> = {
  pdf: { icon: FileText, color: 'text-red-600 bg-red-50' },
  doc: { icon: FileText, color: 'text-blue-600 bg-blue-50' },
  docx: { icon: FileText, color: 'text-blue-600 bg-blue-50' },
  txt: { icon: FileText, color: 'text-slate-600 bg-slate-100' },
  pptx: { icon: Presentation, color: 'text-orange-600 bg-orange-50' },
  ppt: { icon: Presentation, color: 'text-orange-600 bg-orange-50' },
  xlsx: { icon: FileSpreadsheet, color: 'text-green-700 bg-green-50' },
  csv: { icon: FileSpreadsheet, color: 'text-green-700 bg-green-50' },
  mp4: { icon: FileVideo, color: 'text-violet-600 bg-violet-50' },
  webm: { icon: FileVideo, color: 'text-violet-600 bg-violet-50' },
  vtt: { icon: FileText, color: 'text-violet-600 bg-violet-50' },
  mp3: { icon: FileAudio, color: 'text-pink-600 bg-pink-50' },
  wav: { icon: FileAudio, color: 'text-pink-600 bg-pink-50' },
  jpg: { icon: FileImage, color: 'text-emerald-600 bg-emerald-50' },
  jpeg: { icon: FileImage, color: 'text-emerald-600 bg-emerald-50' },
  png: { icon: FileImage, color: 'text-emerald-600 bg-emerald-50' },
  gif: { icon: FileImage, color: 'text-emerald-600 bg-emerald-50' },
  webp: { icon: FileImage, color: 'text-emerald-600 bg-emerald-50' },
  json: { icon: FileJson, color: 'text-amber-700 bg-amber-50' },
  zip: { icon: FileArchive, color: 'text-slate-700 bg-slate-100' },
};

/** An icon chosen by the file's extension. */
export function FileIcon({ name }: { name: string }) {
  const ext = extensionOf(name);
  const entry = BY_EXT[ext] ?? { icon: File, color: 'text-slate-500 bg-slate-100' };
  const Icon = entry.icon;
  return (
    <span className={`flex size-8 shrink-0 items-center justify-center rounded-md ${entry.color}`} data-ext={ext}>
      <Icon className="size-4" aria-hidden />
    </span>
  );
}
