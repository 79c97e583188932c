/** Edit dialog: name, description, visibility and tags of an item (docs/product/back-office-and-member-area.md §2, §5). */
import { useState } from 'react';
import { DRIVE_MSG, normalizeTags, type DriveItem } from '../../../shared/drive-schemas';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { DriveFileFields, useDriveForm } from './DriveFileForm';

export function DriveEditDialog({
  item,
  onClose,
  onSaved,
}: {
  item: DriveItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useDriveForm({
    name: item.name,
    description: item.description,
    isPublic: item.isPublic,
    tags: item.tags.join(', '),
  });
  const update = trpc.drive.update.useMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // Tags typed comma-separated, trimmed, empty ones dropped (docs/product/back-office-and-member-area.md §5).
      await update.mutateAsync({ id: item.id, ...values, tags: normalizeTags(values.tags) });
      onSaved();
    } catch (error) {
      setFailure(errorText(error, DRIVE_MSG.updateFailed));
    }
  });

  return (
    <form className="drive-form" noValidate onSubmit={(event) => void submit(event)}>
      {failure && <Alert>{failure}</Alert>}
      <DriveFileFields form={form} disabled={update.isPending} />
      <div className="drive-form__actions">
        <Button variant="ghost" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" loading={update.isPending} loadingLabel="Salvando...">
          Salvar
        </Button>
      </div>
    </form>
  );
}
