/**
 * The file drive (docs/product/back-office-and-member-area.md §2, §3, §5; docs/product/decisions.md §1 "data/: database file and uploads"): admins
 * upload, list, edit and delete files; accounts whose membership is in force (membership.ts) list
 * and download the public ones.
 * Uploads are streamed to disk (drive-storage.ts), judged by their content (drive-content.ts),
 * and committed — file renamed into place, row written — only when everything succeeded.
 */
import type { DriveListInput, DriveMetadata, DrivePublicListInput } from '../../shared/drive-schemas';
import { createDriveContext, filesOnDisk, type DriveDeps } from './context';
import { download } from './download';
import { list, listPublic, remove, update } from './listing';
import { add, upload, type NewDriveFile } from './upload';
import type { FilesViewer } from '../membership/membership';
import type { MultipartBody } from './uploads';

export { downloadFileName, type DriveDownload } from './download';
export { toDriveItem } from './listing';
export { readableOf, type NewDriveFile } from './upload';
export type { DriveDeps };

export function createDriveService(deps: DriveDeps) {
  const ctx = createDriveContext(deps);
  return {
    maxBytes: ctx.maxBytes,
    list: (input: DriveListInput) => list(ctx, input),
    listPublic: (viewer: FilesViewer, input: DrivePublicListInput) => listPublic(ctx, viewer, input),
    add: (file: NewDriveFile) => add(ctx, file),
    upload: (body: MultipartBody, adminId: string) => upload(ctx, body, adminId),
    update: (id: string, metadata: DriveMetadata) => update(ctx, id, metadata),
    remove: (id: string) => remove(ctx, id),
    download: (id: string, viewer: FilesViewer, variant: 'file' | 'thumbnail') =>
      download(ctx, id, viewer, variant),
    filesOnDisk: () => filesOnDisk(ctx),
  };
}

export type DriveService = ReturnType<typeof createDriveService>;
