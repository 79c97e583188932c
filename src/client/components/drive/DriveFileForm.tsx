/**
 * The drive's metadata form, shared by the upload and the edit dialogs: name (required),
 * description, public or private, tags comma-separated (docs/product/back-office-and-member-area.md §5). Checked in the browser with
 * the schema the server parses the same fields with.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { driveFormSchema, type DriveFormValues } from '../../../shared/drive-schemas';
import { TextAreaField, TextField } from '../ui/TextField';
import { fieldsOf } from '../ui/field-of';

export type DriveForm = UseFormReturn<DriveFormValues, unknown, DriveFormValues>;

export function useDriveForm(defaults: DriveFormValues): DriveForm {
  return useForm<DriveFormValues, unknown, DriveFormValues>({
    resolver: zodResolver(driveFormSchema),
    defaultValues: defaults,
  });
}

export function DriveFileFields({
  form,
  disabled,
  before,
}: {
  form: DriveForm;
  disabled?: boolean;
  before?: ReactNode;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const field = fieldsOf(register, errors);
  const publicId = useId();
  return (
    <fieldset className="drive-form__fields" disabled={disabled}>
      {before}
      <TextField label="Nome" autoComplete="off" {...field('name')} />
      <TextAreaField label="Descrição" className="drive-form__textarea" {...field('description')} />
      <TextField
        label="Tags"
        hint="Separadas por vírgula, por exemplo: safra 2024, tintos"
        autoComplete="off"
        {...field('tags')}
      />
      <div className="checkbox">
        <input id={publicId} type="checkbox" {...register('isPublic')} />
        <label htmlFor={publicId}>Público (visível para os confrades em Arquivos)</label>
      </div>
    </fieldset>
  );
}
