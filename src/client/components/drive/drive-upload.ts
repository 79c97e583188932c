/**
 * The drive upload over XMLHttpRequest: `fetch` cannot report how much of a request body has been
 * sent, and the progress bar must follow the real upload (a 500 MB video takes a while).
 */
import type { DriveItem } from '../../../shared/drive-schemas';
import { DRIVE_MSG } from '../../../shared/drive-schemas';
import { ApiError } from '../../lib/api';

export interface DriveUploadFields {
  name: string;
  description: string;
  isPublic: boolean;
  tags: string;
}

export interface DriveUpload {
  done: Promise<DriveItem>;
  abort(): void;
}

/** Sends the form (text fields first, then the file) and reports the percentage sent. */
export function uploadDriveFile(
  file: File,
  fields: DriveUploadFields,
  onProgress: (percent: number) => void,
): DriveUpload {
  const form = new FormData();
  form.set('name', fields.name);
  form.set('description', fields.description);
  form.set('isPublic', String(fields.isPublic));
  form.set('tags', fields.tags);
  form.set('file', file, file.name);

  const xhr = new XMLHttpRequest();
  const done = new Promise<DriveItem>((resolve, reject) => {
    xhr.open('POST', '/api/admin/drive');
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const body = xhr.response as { item?: DriveItem; error?: unknown } | null;
      if (xhr.status === 201 && body?.item) {
        onProgress(100);
        resolve(body.item);
        return;
      }
      const message = typeof body?.error === 'string' && body.error ? body.error : DRIVE_MSG.uploadFailed;
      reject(new ApiError(message, xhr.status, body));
    });
    // The connection failed (or the server stopped reading an oversized file): the screen's words.
    xhr.addEventListener('error', () => reject(new Error(DRIVE_MSG.uploadFailed)));
    xhr.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
