/** Test helpers for the drive: multipart bodies as a browser's FormData sends them. */
import { Readable } from 'node:stream';
import type { TestApp } from './app';

export interface FormFile {
  filename: string;
  content: Buffer;
  type?: string;
}

/** A multipart/form-data body: the text fields, then the file (in the field `file`). */
export function multipartBody(fields: Record<string, string>, file?: FormFile, fileField = 'file') {
  const boundary = `----confraria${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/admin/drive as the token's owner. `stream`: sent without a Content-Length. */
export function upload(
  t: TestApp,
  token: string | undefined,
  fields: Record<string, string>,
  file?: FormFile,
  options: { stream?: boolean; fileField?: string } = {},
) {
  const body = multipartBody(fields, file, options.fileField);
  return t.request({
    method: 'POST',
    url: '/api/admin/drive',
    headers: {
      'content-type': body.contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: options.stream ? Readable.from([body.payload]) : body.payload,
  });
}
