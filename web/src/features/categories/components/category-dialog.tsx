import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@core/foundation/types';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Label, Switch, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';

const SUGGESTIONS = ['buildingCodes', 'safety', 'construction', 'materials', 'regulations'] as const;

/** Add mode when `category` is null, edit mode otherwise. The name is required and trimmed. */
export function CategoryDialog({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [isActive, setIsActive] = useState(category?.isActive ?? true);
  const create = useCreateCategory(onClose);
  const update = useUpdateCategory(onClose);
  const pending = create.isPending || update.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      toast({ title: t('upload.validationError'), description: t('categories.nameRequired'), variant: 'destructive' });
      return;
    }
    const data = { name: trimmed, description: description.trim(), isActive };
    if (category) update.mutate({ id: category.id, data });
    else create.mutate(data);
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !pending && onClose()}
      title={category ? t('categories.editTitle') : t('categories.addTitle')}
      description={category ? t('categories.editDescription') : t('categories.addDescription')}
    >
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>
            {t('categories.name')} <span className="text-destructive" aria-hidden>*</span>
          </Label>
          <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} list={`${id}-suggest`} aria-required autoFocus />
          <datalist id={`${id}-suggest`}>
            {SUGGESTIONS.map((s) => (
              <option key={s} value={t(`categories.labels.${s}`)} />
            ))}
          </datalist>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-desc`}>{t('categories.description')}</Label>
          <Textarea id={`${id}-desc`} value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
        </div>
        <div className="flex items-center justify-between rounded-lg border border-border p-3">
          <Label htmlFor={`${id}-active`}>{t('categories.activeLabel')}</Label>
          <Switch id={`${id}-active`} checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : null}
            {category ? t('common.save') : t('categories.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
