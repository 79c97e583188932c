/**
 * The subscribers' CSV (export and import use the same columns, so an exported file can be edited
 * in a spreadsheet and imported back). Headers are Portuguese; each maps to a field of the admin
 * form (`subscriberFields`). The import is bounded and answers a row-by-row report.
 */
import { z } from 'zod';
import { SUBSCRIBER_STATUSES } from './plans';
import { endingWithinDaysField, expiredWithinDaysField } from './subscriber-schemas';
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

export const SUBSCRIBER_IMPORT_MAX_ROWS = 5000;
export const SUBSCRIBER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const SUBSCRIBER_CSV_MSG = {
  exportFailed: 'Erro ao exportar assinantes',
  importFailed: 'Erro ao importar assinantes',
  tooLarge: 'Arquivo muito grande: envie no máximo 5.000 linhas e 2 MB por vez.',
  tooManyRows: 'Arquivo com linhas demais: envie no máximo 5.000 assinantes por vez.',
  empty: 'O arquivo não tem nenhum assinante.',
  unreadable: 'Não foi possível ler o arquivo CSV: confira se ele foi salvo como CSV (UTF-8).',
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
  /** "incluir CPF completo": a query-string flag, so "true"/"1" only. */
  includeCpf: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
    .optional()
    .transform((value) => value === true || value === 'true' || value === '1'),
});
export type SubscriberExportFilter = z.output<typeof subscriberExportInput>;

export const subscriberImportInput = z.object({
  csv: z
    .string({ error: SUBSCRIBER_CSV_MSG.empty })
    .min(1, SUBSCRIBER_CSV_MSG.empty)
    .max(SUBSCRIBER_IMPORT_MAX_BYTES, SUBSCRIBER_CSV_MSG.tooLarge),
  /** false: dry run (report only); true: apply the valid rows. */
  apply: z.boolean().default(false),
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

// CSV dialects (issue 23): the exports write the spreadsheet's; the import reads both and says which.
export const CSV_DIALECTS = ['semicolon', 'comma'] as const;
export type CsvDialect = (typeof CSV_DIALECTS)[number];
export const CSV_DIALECT_MSG: Record<CsvDialect, string> = {
  semicolon: 'Formato detectado: Excel (ponto e vírgula)',
  comma: 'Formato detectado: vírgula',
};
