import { useCategories } from '../../../features/categories/api/get-categories';
import { UploadDialog } from '../../../features/uploads/components/upload-dialog';
import type { UploadContentType } from '../../../features/uploads/upload-form-state';

export interface UploadRequest {
  contentType: UploadContentType;
  allowTypeChange?: boolean;
}

/** Mounted only while the dialog is open, so the category list loads (and polls) only then. */
export function UploadDialogHost({ request, onClose }: { request: UploadRequest; onClose: () => void }) {
  const categories = useCategories();
  return (
    <UploadDialog
      open
      onOpenChange={(o) => !o && onClose()}
      contentType={request.contentType}
      allowTypeChange={request.allowTypeChange}
      categories={categories.data}
    />
  );
}
