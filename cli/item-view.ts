import { isPermanentFailure } from '../core/product/index';
import type { Product } from '../core/product/index';
import { RUNNING_STATUSES, type ContentType, type Document, type Presentation, type Video } from '../core/foundation/types';

/** A document, presentation or video as the CLI shows it, whichever backend it came from. */
export interface ItemView {
  type: ContentType;
  id: number;
  title: string;
  fileName: string;
  fileSize: number;
  status: string;
  progress: number;
  step: string | null;
  error: string | null;
  /** Failed for good (DRM, no media, a codec the server cannot decode): a retry cannot help, the file must change. */
  permanent?: boolean;
  /** Why it failed, as a code (`failure.damaged`, `failure.timeout`...), when it failed. */
  errorCode: string | null;
  /** Why a completed file has nothing searchable (pictures only, a scan OCR could not read), when it has none. */
  notice: string | null;
  chunks: number;
  /** Pages (documents), slides (presentations) or seconds (videos), once known. */
  extent: number | null;
  createdAt: string;
  updatedAt: string;
}

export const isRunning = (status: string) => (RUNNING_STATUSES as readonly string[]).includes(status);
export const isFinished = (status: string) => !isRunning(status);

export function toItemView(type: ContentType, r: Document | Presentation | Video): ItemView {
  const base = {
    type, id: r.id, fileName: r.fileName, fileSize: r.fileSize, status: r.status, progress: r.progress ?? 0, step: r.step ?? null,
    error: r.error ?? null, notice: r.notice ?? null, errorCode: r.status === 'failed' ? (r.errorCode?.code ?? 'failure.internal') : null, createdAt: r.createdAt, updatedAt: r.updatedAt,
    ...(r.status === 'failed' && isPermanentFailure(r.errorCode) ? { permanent: true } : {}),
  };
  switch (type) {
    case 'document': {
      const d = r as Document;
      return { ...base, title: d.title, chunks: d.chunkCount ?? 0, extent: d.pageCount };
    }
    case 'presentation': {
      const p = r as Presentation;
      return { ...base, title: p.label, chunks: p.chunkCount ?? 0, extent: p.slideCount };
    }
    case 'video': {
      const v = r as Video;
      const chunks = (v as Video & { chunkCount?: number }).chunkCount ?? 0;
      return { ...base, title: v.label, chunks, extent: v.duration === null ? null : Math.round(v.duration) };
    }
    default: {
      const never: never = type;
      throw new Error(`unknown type ${String(never)}`);
    }
  }
}

/** "3 pages", "6 slides", "42 s" */
export function extentLabel(item: Pick<ItemView, 'type' | 'extent'>): string {
  if (item.extent === null) return '';
  const unit = item.type === 'document' ? 'page' : item.type === 'presentation' ? 'slide' : 's';
  return unit === 's' ? `${item.extent} s` : `${item.extent} ${unit}${item.extent === 1 ? '' : 's'}`;
}

const TYPES: ContentType[] = ['document', 'presentation', 'video'];

/** Documents, presentations and videos (or one type of them) in the CLI's common shape, by id. */
export async function listItemViews(product: Product, type?: ContentType): Promise<ItemView[]> {
  const lists = await Promise.all((type ? [type] : TYPES).map(async (t) => (await product.items(t)).map((r) => toItemView(t, r))));
  return lists.flat().sort((a, b) => a.id - b.id);
}
