/**
 * The file drive (docs/product/back-office-and-member-area.md §2 "Admin drive management", §3 "Drive item", §5 "Drive upload", §8, §9):
 * the messages once, the 11 item types with their labels, tag normalisation, and the zod schemas
 * that the admin's forms (react-hook-form in the browser) and the drive operations both parse with.
 */
import { z } from 'zod';
import './zod-config';
import { DRIVE_TYPES, type DriveFileType } from './drive-types';
import { recordId } from './record-id';

export const DRIVE_MSG = {
  // Screens (docs/product/back-office-and-member-area.md §8), word for word.
  loadFailed: 'Erro ao carregar arquivos',
  uploadFailed: 'Erro ao enviar arquivo',
  updateFailed: 'Erro ao atualizar arquivo',
  deleteFailed: 'Erro ao excluir arquivo',
  // Upload form (docs/product/back-office-and-member-area.md §5).
  fileRequired: 'Selecione um arquivo para upload',
  nameRequired: 'Nome é obrigatório',
  nameTooLong: 'Nome muito longo (máximo de 200 caracteres)',
  descriptionTooLong: 'Descrição muito longa (máximo de 2000 caracteres)',
  tagTooLong: 'Cada tag pode ter no máximo 40 caracteres',
  tooManyTags: 'Use no máximo 20 tags',
  typeRefused:
    'Tipo de arquivo não permitido. Envie imagens, vídeos, PDF, Word (doc, docx), Excel (xls, xlsx) ou PowerPoint (ppt, pptx).',
  tooLarge: (limitMb: number) => `Arquivo muito grande. O limite é de ${limitMb} MB.`,
  notMultipart: 'Envie o arquivo como multipart/form-data, no campo "file".',
  oneFile: 'Envie um arquivo por vez, no campo "file".',
  fieldTooLong: 'Campo do formulário muito longo',
  uploadInterrupted: 'O envio do arquivo foi interrompido. Tente novamente.',
  notFound: 'Arquivo não encontrado',
  uploaded: 'Arquivo enviado com sucesso!',
  updated: 'Arquivo atualizado com sucesso!',
  deleted: 'Arquivo excluído com sucesso!',
  deleteConfirm: (name: string) => `Excluir o arquivo "${name}"? Esta ação não pode ser desfeita.`,
  rangeNotSatisfiable: 'Intervalo de bytes inválido para este arquivo',
  // A client's If-Match / If-Unmodified-Since names another version of the file (RFC 9110 §13.1).
  preconditionFailed: 'O arquivo não corresponde à versão pedida. Baixe-o novamente.',
  // The club's files are for memberships in force (ADR 029).
  membersOnly:
    'Os arquivos do clube são exclusivos para confrades com a assinatura em dia. Assine ou renove sua assinatura para acessá-los.',
  lockedTitle: 'Arquivos exclusivos para confrades',
  lockedJoin:
    'Os arquivos do clube são exclusivos para confrades com a assinatura em dia. Assine a Confraria para ter acesso.',
  lockedVerify: 'Já assinou? Confirme seu email pelo link que enviamos para ver sua assinatura.',
  lockedPendingPayment: 'Conclua o pagamento da assinatura para ter acesso aos arquivos do clube.',
  lockedPending:
    'Seu pagamento foi recebido. Os arquivos ficam disponíveis assim que o clube aprovar seu cadastro.',
  lockedExpired: 'Sua assinatura venceu. Renove para voltar a ter acesso aos arquivos do clube.',
  lockedCancelled: 'Sua assinatura foi cancelada. Renove para voltar a ter acesso aos arquivos do clube.',
  lockedInactive: 'Sua assinatura está inativa. Fale com o clube para reativá-la.',
} as const;

export { DRIVE_TYPES, type DriveFileType };

export const DRIVE_TYPE_LABELS: Record<DriveFileType, string> = {
  image: 'Imagem',
  video: 'Vídeo',
  audio: 'Áudio',
  pdf: 'PDF',
  document: 'Documento',
  spreadsheet: 'Planilha',
  presentation: 'Apresentação',
  archive: 'Arquivo compactado',
  text: 'Texto',
  code: 'Código',
  other: 'Outro',
};

/** docs/product/back-office-and-member-area.md §9: pages of 20, at most 3 tags on a card, at most 5 page buttons on the member pager. */
export const DRIVE_PAGE_SIZE = 20;
export const DRIVE_CARD_TAGS = 3;
export const DRIVE_PAGER_BUTTONS = 5;
/** What the file picker offers (the server decides by the content, not by this list). */
export const DRIVE_ACCEPT =
  'image/*,video/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,application/pdf,application/msword,application/vnd.ms-excel,application/vnd.ms-powerpoint';

const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;

/**
 * Tags as stored: trimmed, empty ones dropped, the same tag (ignoring case) kept once, in the order
 * given. Accepts a list or the form's comma-separated text.
 */
export function normalizeTags(value: readonly string[] | string): string[] {
  const raw = typeof value === 'string' ? value.split(',') : value.flatMap((tag) => tag.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const candidate of raw) {
    const tag = candidate.trim().replace(/\s+/g, ' ');
    const key = tag.toLocaleLowerCase('pt-BR');
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

const tagList = z
  .union([z.array(z.string().max(200)).max(100), z.string().max(4000)])
  .default([])
  .transform(normalizeTags)
  .refine((tags) => tags.length <= MAX_TAGS, DRIVE_MSG.tooManyTags)
  .refine((tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH), DRIVE_MSG.tagTooLong);

const name = z
  .string({ error: DRIVE_MSG.nameRequired })
  .trim()
  .min(1, DRIVE_MSG.nameRequired)
  .max(200, DRIVE_MSG.nameTooLong);

const description = z
  .string()
  .trim()
  .max(2000, DRIVE_MSG.descriptionTooLong)
  .nullish()
  .transform((value) => value ?? '');

/** A boolean as a form field or query string sends it ("true", "on", "1"…). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/** The metadata fields of an upload (multipart text fields) and of an edit. */
export const driveMetadataInput = z.object({
  name,
  description,
  isPublic: flag.default(false),
  tags: tagList,
});
export type DriveMetadata = z.output<typeof driveMetadataInput>;

/** PUT /admin/drive/:id — name, description, isPublic, tags (a list; comma-separated text accepted). */
export const driveUpdateInput = driveMetadataInput.extend({ id: recordId });
export type DriveUpdateInput = z.output<typeof driveUpdateInput>;

/** The admin's upload/edit form: tags typed comma-separated (docs/product/back-office-and-member-area.md §5). */
export const driveFormSchema = z.object({
  name,
  description: z.string().trim().max(2000, DRIVE_MSG.descriptionTooLong),
  isPublic: z.boolean(),
  tags: z
    .string()
    .max(4000)
    .refine((text) => normalizeTags(text).length <= MAX_TAGS, DRIVE_MSG.tooManyTags)
    .refine((text) => normalizeTags(text).every((tag) => tag.length <= MAX_TAG_LENGTH), DRIVE_MSG.tagTooLong),
});
export type DriveFormValues = z.input<typeof driveFormSchema>;

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(DRIVE_PAGE_SIZE);
const typeFilter = z.union([z.literal('all'), z.literal(''), z.enum(DRIVE_TYPES)]).default('all');
const search = z.string().trim().max(120).default('');

/** GET /admin/drive — page, limit, type, search, isPublic (all, true, false). */
export const driveListInput = z
  .object({
    page,
    limit,
    type: typeFilter,
    search,
    isPublic: z.enum(['all', 'true', 'false', '']).default('all'),
  })
  .default({ page: 1, limit: DRIVE_PAGE_SIZE, type: 'all', search: '', isPublic: 'all' });
export type DriveListInput = z.output<typeof driveListInput>;

/** GET /drive/public — page, limit, type, search (public files only). */
export const drivePublicListInput = z
  .object({ page, limit, type: typeFilter, search })
  .default({ page: 1, limit: DRIVE_PAGE_SIZE, type: 'all', search: '' });
export type DrivePublicListInput = z.output<typeof drivePublicListInput>;

/** A drive item as answered (docs/product/back-office-and-member-area.md §3), with `_id` beside `id` (docs/product/decisions.md §5). */
export const driveItem = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  tags: z.array(z.string()),
  type: z.enum(DRIVE_TYPES),
  mime: z.string(),
  size: z.number().int().describe('Bytes'),
  url: z.string().describe('Endereço do arquivo (download; aceita Range)'),
  thumbnailUrl: z.string().nullable().describe('Miniatura (imagens)'),
  uploadedAt: z.string(),
});
export type DriveItem = z.output<typeof driveItem>;

/** The back office also sees who uploaded it. */
export const driveAdminItem = driveItem.extend({
  uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type DriveAdminItem = z.output<typeof driveAdminItem>;

/** Human size in pt-BR ("1,5 MB"). */
export function formatFileSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** Page numbers a pager shows: at most `max` buttons, centred on the current page. */
export function pagerPages(current: number, pages: number, max = DRIVE_PAGER_BUTTONS): number[] {
  const count = Math.min(max, Math.max(pages, 1));
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, Math.max(1, pages - count + 1));
  return Array.from({ length: count }, (_, index) => start + index);
}
