/**
 * Upload dialog (docs/product/back-office-and-member-area.md §5): a file (required: "Selecione um arquivo para upload"), its name
 * (prefilled from the file's), description, visibility and tags; a progress bar that follows the
 * bytes actually sent; the server's message, or "Erro ao enviar arquivo", when it fails.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  DRIVE_ACCEPT,
  DRIVE_MSG,
  formatFileSize,
  type DriveFormValues,
  type DriveItem,
} from '../../../shared/drive-schemas';
import { errorText } from '../../lib/errors';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { DriveFileFields, useDriveForm } from './DriveFileForm';
import { uploadDriveFile, type DriveUpload } from './drive-upload';

type Phase = { kind: 'editing' } | { kind: 'sending'; percent: number } | { kind: 'sent'; item: DriveItem };

const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, '');

export function DriveUploadDialog({
  maxUploadMb,
  onClose,
  onUploaded,
}: {
  /** The server's limit, when known: a larger file is refused before any byte is sent. */
  maxUploadMb: number | undefined;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const form = useDriveForm({ name: '', description: '', isPublic: false, tags: '' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const upload = useRef<DriveUpload | null>(null);
  // The name last written from a picked file (not typed by the admin).
  const autoName = useRef('');
  const fileId = useId();
  const progressId = useId();

  // Closing the dialog mid-upload cancels it (the server keeps nothing of an interrupted upload).
  useEffect(() => () => upload.current?.abort(), []);

  async function send(values: DriveFormValues) {
    if (!file) {
      setFileError(DRIVE_MSG.fileRequired);
      return;
    }
    if (maxUploadMb !== undefined && file.size > maxUploadMb * 1024 * 1024) {
      setFileError(DRIVE_MSG.tooLarge(maxUploadMb));
      return;
    }
    setFailure(null);
    setPhase({ kind: 'sending', percent: 0 });
    const started = uploadDriveFile(file, values, (percent) => setPhase({ kind: 'sending', percent }));
    upload.current = started;
    try {
      const item = await started.done;
      setPhase({ kind: 'sent', item });
      onUploaded();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setFailure(errorText(error, DRIVE_MSG.uploadFailed));
      setPhase({ kind: 'editing' });
    } finally {
      upload.current = null;
    }
  }

  function invalid() {
    if (!file) setFileError(DRIVE_MSG.fileRequired);
  }

  function pick(picked: File | null) {
    setFile(picked);
    setFileError(null);
    // The name follows the file while the admin has not typed one: a file picked after another (a
    // refused SVG, say) brings its own name instead of keeping the first file's.
    const current = form.getValues('name').trim();
    if (picked && (!current || current === autoName.current)) {
      autoName.current = withoutExtension(picked.name);
      form.setValue('name', autoName.current, { shouldValidate: true });
    }
  }

  const percent = phase.kind === 'sending' ? phase.percent : phase.kind === 'sent' ? 100 : 0;
  return (
    <form
      className="drive-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(send, invalid)(event)}
    >
      {failure && <Alert>{failure}</Alert>}
      {phase.kind === 'sent' && <Alert tone="success">{DRIVE_MSG.uploaded}</Alert>}
      <DriveFileFields
        form={form}
        disabled={phase.kind !== 'editing'}
        before={
          <div className="field">
            <label className="field__label" htmlFor={fileId}>
              Arquivo
            </label>
            <input
              id={fileId}
              type="file"
              className="field__input drive-form__file"
              accept={DRIVE_ACCEPT}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${fileId}-error` : `${fileId}-hint`}
              onChange={(event) => pick(event.target.files?.[0] ?? null)}
            />
            {file && (
              <span className="field__hint" id={`${fileId}-hint`}>
                {file.name} · {formatFileSize(file.size)}
              </span>
            )}
            {!file && (
              <span className="field__hint" id={`${fileId}-hint`}>
                Imagens, vídeos, PDF, Word, Excel ou PowerPoint.
              </span>
            )}
            {fileError && (
              <p className="field__error" id={`${fileId}-error`}>
                {fileError}
              </p>
            )}
          </div>
        }
      />
      {phase.kind !== 'editing' && (
        <div className="drive-progress">
          <label htmlFor={progressId}>{phase.kind === 'sent' ? 'Envio concluído' : 'Enviando...'}</label>
          <progress id={progressId} max={100} value={percent} />
          <span className="drive-progress__value" aria-live="polite">
            {percent}%
          </span>
        </div>
      )}
      <div className="drive-form__actions">
        {phase.kind === 'sent' ? (
          <Button onClick={onClose}>Fechar</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={phase.kind === 'sending'} loadingLabel="Enviando...">
              Enviar
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
