/**
 * The file drive (docs/product/back-office-and-member-area.md §2, §3, §5, §7): the back office manages files (`/admin/drive`); accounts
 * whose membership is in force list and download the public ones (`/drive/public`, the item's `url`);
 * every other account gets 403 on all of them (docs/decisions/029-files-and-lgpd-requests.md).
 * Upload and download are REST-only: one streams a multipart body in, the other streams a file
 * out with HTTP ranges (docs/decisions/019-drive-uploads.md).
 */
import { z } from 'zod';
import {
  DRIVE_MSG,
  driveAdminItem,
  driveItem,
  driveListInput,
  drivePublicListInput,
  driveUpdateInput,
} from '../../shared/drive-schemas';
import { MSG } from '../../shared/messages';
import type { MultipartBody } from './uploads';
import type { FileAnswer } from '../operations/define';
import { procedureFor } from '../operations/procedure';
import { pagination } from '../lib/output';
import { list, update, remove, listPublic } from './listing';
import { upload } from './upload';
import { download } from './download';
import { recordId } from '../../shared/record-id';

const TAG = ['admin: drive'];
const MEMBER_TAG = ['drive'];
const byId = z.object({ id: recordId });
const notFound = { 404: DRIVE_MSG.notFound } as const;
const membersOnly = { 403: DRIVE_MSG.membersOnly } as const;

const fileAnswer = z.custom<FileAnswer>(
  (value) => typeof value === 'object' && value !== null && 'path' in value && 'mime' in value,
);
const multipartInput = z.object({
  body: z.custom<MultipartBody>((value) => typeof value === 'object' && value !== null && 'parts' in value),
});

export const driveProcedures = {
  list: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/drive',
        tags: TAG,
        summary: 'Lista os arquivos do drive (filtros type, search, isPublic; page, limit — 20 por página)',
      },
    })
    .input(driveListInput)
    .output(
      z.object({
        success: z.literal(true),
        items: z.array(driveAdminItem),
        pagination,
        maxUploadMb: z.number().int().describe('Tamanho máximo de um envio (DRIVE_MAX_UPLOAD_MB)'),
      }),
    )
    .query(({ ctx: { services }, input }) => list(services.drive, input)),

  update: procedureFor('admin')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/drive/{id}',
        tags: TAG,
        summary: 'Atualiza nome, descrição, visibilidade (isPublic) e tags (lista) de um arquivo',
        errorResponses: notFound,
      },
    })
    .input(driveUpdateInput)
    .output(z.object({ success: z.literal(true), message: z.string(), item: driveItem }))
    .mutation(({ ctx: { services }, input: { id, ...metadata } }) => {
      const item = update(services.drive, id, metadata);
      return { success: true as const, message: DRIVE_MSG.updated, item };
    }),

  remove: procedureFor('admin')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/drive/{id}',
        tags: TAG,
        summary: 'Exclui um arquivo (e sua miniatura) do drive',
        errorResponses: notFound,
      },
    })
    .input(byId)
    .output(z.object({ success: z.literal(true), message: z.string() }))
    .mutation(({ ctx: { services }, input }) => {
      remove(services.drive, input.id);
      return { success: true as const, message: DRIVE_MSG.deleted };
    }),

  /** The member area's "Arquivos" (docs/product/back-office-and-member-area.md §2): public files, for memberships in force. */
  listPublic: procedureFor('authenticated')
    .meta({
      openapi: {
        method: 'GET',
        path: '/drive/public',
        tags: MEMBER_TAG,
        summary: 'Lista os arquivos públicos do drive (filtros type, search; page, limit)',
        description:
          'Para confrades com a assinatura em vigor (ativa, ou cancelada com período pago restante) e ' +
          'administradores; as demais contas recebem 403.',
        errorResponses: membersOnly,
      },
    })
    .input(drivePublicListInput)
    .output(z.object({ success: z.literal(true), items: z.array(driveItem), pagination }))
    .query(({ ctx: { services, user }, input }) => listPublic(services.drive, user, input)),
};

/** REST only: a streamed body or answer is no tRPC call. */
export const driveRestProcedures = {
  upload: procedureFor('admin')
    .meta({
      rateLimit: 'upload',
      successStatus: 201,
      multipart: true,
      openapi: {
        method: 'POST',
        path: '/admin/drive',
        tags: TAG,
        summary: 'Envia um arquivo ao drive (multipart/form-data: file, name, description, isPublic, tags)',
        description:
          'O arquivo é gravado em disco à medida que chega. Aceitos, pelo conteúdo (não pelo nome): imagens, ' +
          'vídeos, PDF, doc, docx, xls, xlsx, ppt, pptx. `tags` separadas por vírgula. O limite de tamanho é ' +
          'DRIVE_MAX_UPLOAD_MB (500 MB por padrão).',
        errorResponses: { 400: DRIVE_MSG.typeRefused, 413: DRIVE_MSG.tooLarge(500) },
      },
    })
    .input(multipartInput)
    .output(z.object({ success: z.literal(true), message: z.string(), item: driveItem }))
    .mutation(async ({ ctx: { services, user }, input }) => {
      const item = await upload(services.drive, input.body, user.id);
      return { success: true as const, message: DRIVE_MSG.uploaded, item };
    }),

  download: procedureFor('authenticated')
    .meta({
      fileAnswer: true,
      openapi: {
        method: 'GET',
        path: '/drive/files/{id}',
        tags: MEMBER_TAG,
        summary: 'Baixa (ou exibe) um arquivo do drive; aceita Range (vídeos podem ser avançados)',
        description:
          'Arquivos públicos: confrades com a assinatura em vigor (as demais contas recebem 403, para qualquer ' +
          'arquivo). Os demais arquivos: administradores (para os confrades, 404). ' +
          'Imagens, PDF, vídeo e áudio são exibidos no navegador; os demais são baixados.',
        errorResponses: {
          ...notFound,
          ...membersOnly,
          412: DRIVE_MSG.preconditionFailed,
          416: DRIVE_MSG.rangeNotSatisfiable,
        },
      },
    })
    .input(byId)
    .output(fileAnswer)
    .query(({ ctx: { services, user }, input }) => download(services.drive, input.id, user, 'file')),

  thumbnail: procedureFor('authenticated')
    .meta({
      fileAnswer: true,
      openapi: {
        method: 'GET',
        path: '/drive/files/{id}/thumbnail',
        tags: MEMBER_TAG,
        summary: 'Miniatura de uma imagem do drive (WebP), com as mesmas regras de acesso do arquivo',
        errorResponses: { ...notFound, ...membersOnly, 401: MSG.notAuthenticated },
      },
    })
    .input(byId)
    .output(fileAnswer)
    .query(({ ctx: { services, user }, input }) => download(services.drive, input.id, user, 'thumbnail')),
};
