/**
 * The subscribers' CSV (export and import use the same columns, so an exported file can be edited
 * in a spreadsheet and imported back). Headers are Portuguese; each maps to a field of the admin
 * form (`subscriberFields`). The import is bounded and answers a row-by-row report.
 */
import { z } from 'zod';
import { SUBSCRIBER_STATUSES } from './plans';
import { endingWithinDaysField, expiredWithinDaysField, renewalFilterField } from './subscriber-schemas';
import './zod-config';

/** Header → form field, in file order. `createdAt` is exported only (ignored on import). */
export const SUBSCRIBER_CSV_COLUMNS = [
  ['Nome completo', 'fullName'],
  ['Email', 'email'],
  ['Telefone', 'phone'],
  ['CPF', 'cpf'],
  ['Data de nascimento', 'birthDate'],
  ['Gênero', 'gender'],
  ['Profissão', 'profession'],
  ['Tamanho da camiseta', 'shirtSize'],
  ['Preferência de vinho', 'winePreference'],
  ['Endereço', 'address'],
  ['Número', 'number'],
  ['Complemento', 'complement'],
  ['Bairro', 'neighborhood'],
  ['Cidade', 'city'],
  ['Estado', 'state'],
  ['CEP', 'zipCode'],
  ['Status', 'status'],
  ['Valor (R$)', 'subscriptionPrice'],
  ['Início da assinatura', 'subscriptionStartDate'],
  ['Término da assinatura', 'subscriptionEndDate'],
  ['Observações', 'adminNotes'],
  ['Criado em', 'createdAt'],
] as const;

export type SubscriberCsvField = (typeof SUBSCRIBER_CSV_COLUMNS)[number][1];

/** The export's exact instants for a program, after the columns above: known to the import, not read. */
export const SUBSCRIBER_CSV_ISO_COLUMNS = {
  start: 'inicio_assinatura_iso',
  end: 'termino_assinatura_iso',
  created: 'criado_em_iso',
} as const;

export const SUBSCRIBER_IMPORT_MAX_ROWS = 5000;
export const SUBSCRIBER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const SUBSCRIBER_CSV_MSG = {
  exportFailed: 'Erro ao exportar assinantes',
  importFailed: 'Erro ao importar assinantes',
  tooLarge: 'Arquivo muito grande: envie no máximo 5.000 linhas e 2 MB por vez.',
  tooManyRows: 'Arquivo com linhas demais: envie no máximo 5.000 assinantes por vez.',
  empty: 'O arquivo não tem nenhum assinante.',
  unreadable: 'Não foi possível ler o arquivo CSV: confira se ele foi salvo como CSV (UTF-8).',
  undecodable:
    'Não foi possível ler o texto do arquivo: ele não está em UTF-8 nem em Windows-1252 (Excel). Salve-o como CSV no Excel e envie de novo.',
  oneFile: 'Envie o arquivo CSV: o texto (csv) ou o arquivo em base64 (file), um dos dois.',
  unknownColumns: (names: string[]) =>
    `Colunas não reconhecidas, ignoradas: ${names.join(', ')}. Use os nomes de coluna da exportação.`,
  missingColumns: (names: string[]) =>
    `Colunas obrigatórias ausentes no arquivo: ${names.join(', ')}. Use o modelo da exportação.`,
  duplicateEmail: (line: number) => `Email repetido no arquivo (mesmo email da linha ${line})`,
  statusInvalid: 'Status inválido',
  priceInvalid: 'Valor inválido (use, por exemplo, 1497,00)',
  dateInvalid: 'Data inválida (use AAAA-MM-DD ou DD/MM/AAAA)',
} as const;

/** The export's filters: the list's (status, search), and whether the full CPF goes in the file. */
export const subscriberExportInput = z.object({
  status: z.union([z.literal('all'), z.enum(SUBSCRIBER_STATUSES)]).default('all'),
  search: z.string().trim().max(120).default(''),
  endingWithinDays: endingWithinDaysField,
  expiredWithinDays: expiredWithinDaysField,
  renewal: renewalFilterField,
  /** "incluir CPF completo": a query-string flag, so "true"/"1" only. */
  includeCpf: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
    .optional()
    .transform((value) => value === true || value === 'true' || value === '1'),
});
export type SubscriberExportFilter = z.output<typeof subscriberExportInput>;

/** The base64 text of a file of SUBSCRIBER_IMPORT_MAX_BYTES. */
const MAX_BASE64 = Math.ceil(SUBSCRIBER_IMPORT_MAX_BYTES / 3) * 4;

export const subscriberImportInput = z
  .object({
    /** The file's text, already decoded (UTF-8 callers). */
    csv: z
      .string({ error: SUBSCRIBER_CSV_MSG.empty })
      .min(1, SUBSCRIBER_CSV_MSG.empty)
      .max(SUBSCRIBER_IMPORT_MAX_BYTES, SUBSCRIBER_CSV_MSG.tooLarge)
      .optional(),
    /** Or the file's bytes in base64: the server finds the encoding (UTF-8 or Excel's Windows-1252). */
    file: z
      .base64({ error: SUBSCRIBER_CSV_MSG.undecodable })
      .min(1, SUBSCRIBER_CSV_MSG.empty)
      .max(MAX_BASE64, SUBSCRIBER_CSV_MSG.tooLarge)
      .optional(),
    /** false: dry run (report only); true: apply the valid rows. */
    apply: z.boolean().default(false),
  })
  .refine((input) => (input.csv === undefined) !== (input.file === undefined), {
    message: SUBSCRIBER_CSV_MSG.oneFile,
  });
export type SubscriberImportInput = z.input<typeof subscriberImportInput>;

export const SUBSCRIBER_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'reject'] as const;
export type SubscriberImportAction = (typeof SUBSCRIBER_IMPORT_ACTIONS)[number];

export const SUBSCRIBER_IMPORT_ACTION_LABELS: Record<SubscriberImportAction, string> = {
  create: 'Criar',
  update: 'Atualizar',
  unchanged: 'Sem mudanças',
  reject: 'Rejeitada',
};

export const subscriberImportReport = z.object({
  success: z.literal(true),
  applied: z.boolean(),
  totals: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    reject: z.number().int(),
  }),
  /** Which CSV dialect the file was read as (docs/decisions/035-csv-dialect-and-active-members.md). */
  dialect: z.enum(['semicolon', 'comma']),
  /** The same, said to the person: "Formato detectado: …". */
  dialectMessage: z.string(),
  /** The encoding the file's text was read in (an Excel "CSV (separado por vírgulas)" is Windows-1252). */
  encoding: z.enum(['utf-8', 'utf-8-bom', 'windows-1252']),
  /** The same, said to the person: "Codificação detectada: Windows-1252 (Excel)". */
  encodingMessage: z.string(),
  /** Headers the import does not know, as the file spells them: listed, never silently dropped. */
  unknownColumns: z.array(z.string()),
  rows: z.array(
    z.object({
      /** Line of the file (the header is line 1). */
      line: z.number().int(),
      email: z.string(),
      name: z.string(),
      action: z.enum(SUBSCRIBER_IMPORT_ACTIONS),
      /** Why a row is rejected: the form's messages, "Campo: mensagem". */
      errors: z.array(z.string()),
      /** Fields an update changes (their headers). */
      changes: z.array(z.string()),
    }),
  ),
});
export type SubscriberImportReport = z.infer<typeof subscriberImportReport>;

// Encodings: what Excel in Brazil saves ("CSV UTF-8" with a BOM, "CSV (separado por vírgulas)" in
// Windows-1252) and UTF-8 from anywhere else.
export const CSV_ENCODINGS = ['utf-8', 'utf-8-bom', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
export const CSV_ENCODING_MSG: Record<CsvEncoding, string> = {
  'utf-8': 'Codificação detectada: UTF-8',
  'utf-8-bom': 'Codificação detectada: UTF-8 (com BOM)',
  'windows-1252': 'Codificação detectada: Windows-1252 (Excel)',
};

// CSV dialects (ADR 035): the exports write the spreadsheet's; the import reads both and says which.
export const CSV_DIALECTS = ['semicolon', 'comma'] as const;
export type CsvDialect = (typeof CSV_DIALECTS)[number];
export const CSV_DIALECT_MSG: Record<CsvDialect, string> = {
  semicolon: 'Formato detectado: Excel (ponto e vírgula)',
  comma: 'Formato detectado: vírgula',
};
