/**
 * The back office's subscriber operations (docs/product/back-office-and-member-area.md §2–§7, docs/product/decisions.md §3.3). All admin-only. The
 * documented paths are `/admin/subscribers…`; `/subscribers…` are admin-only aliases (docs/product/decisions.md §4),
 * REST-only copies of the same definitions.
 */
import { saoPauloCalendarDay } from '../../../shared/sao-paulo-time';
import { downloadOutput } from '../../lib/download';
import { z } from 'zod';
import {
  SUBSCRIBER_CSV_MSG,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  subscriberExportInput,
  subscriberImportInput,
  subscriberImportReport,
} from '../../../shared/subscriber-csv';
import { APPROVAL_MSG, EMAIL_CHANGE_MSG, subscriberAccess } from '../../../shared/identity-schemas';
import { ADMIN_MESSAGE_MSG, sendMessageInput, sendMessageOutput } from '../../../shared/subscriber-messages';
import { MSG } from '../../../shared/messages';
import {
  decideProposedChangesInput,
  PROPOSED_CHANGES_MSG,
  proposedChangesView,
} from '../../../shared/proposed-changes';
import {
  approveManyInput,
  approveManyOutput,
  listMessagePreview,
  listMessagePreviewInput,
  listMessageSendInput,
  listMessageSendOutput,
  subscriberMessage,
} from '../../../shared/batch-schemas';
import {
  SUBSCRIBER_LEGACY_NAMES,
  SUBSCRIBER_MSG,
  subscriberActivityEntry,
  subscriberInput,
  subscriberListInput,
  subscriberRecord,
  subscriberUpdateInput,
} from '../../../shared/subscriber-schemas';
import { pagination } from '../../lib/output';
import { defineOperation, type AnyOperation } from '../../operations/define';
import { list as subscriberAdminList } from '../subscribers/admin/list';
import { getRecord } from '../subscribers/admin/records';
import {
  create as subscriberAdminCreate,
  update as subscriberAdminUpdate,
  remove as subscriberAdminRemove,
} from '../subscribers/admin/edit';
import { approve, access, requestCancellation } from '../subscribers/admin/approval';
import { approveMany } from '../subscribers/admin/bulk-approval';
import { history } from '../subscribers/admin/history';
import { proposedChangesOf, decideProposedChanges } from '../subscribers/admin/proposed-changes';
import { exportCsv } from '../csv/export';
import { importCsv } from '../csv/import';

const byId = z.object({ id: z.string().min(1).max(64) });
const TAG = 'admin: assinantes';
const notFound = { 404: SUBSCRIBER_MSG.notFound } as const;

const list = defineOperation({
  kind: 'query',
  access: 'admin',
  input: subscriberListInput,
  output: z.object({ success: z.literal(true), subscribers: z.array(subscriberRecord), pagination }),
  run: ({ services }, input) => subscriberAdminList(services.subscriberAdmin, input),
  rest: {
    method: 'GET',
    path: '/admin/subscribers',
    tag: TAG,
    summary:
      'Lista assinantes (filtros status, search, endingWithinDays, expiredWithinDays e renewal; sortBy, sortOrder; page, limit)',
  },
});

const get = defineOperation({
  kind: 'query',
  access: 'admin',
  input: byId,
  output: subscriberRecord,
  run: ({ services }, input) => getRecord(services.subscriberAdmin, input.id),
  rest: {
    method: 'GET',
    path: '/admin/subscribers/:id',
    tag: TAG,
    summary: 'Um assinante (usado para conferir os campos salvos após a criação)',
    errors: notFound,
  },
});

const create = defineOperation({
  kind: 'mutation',
  access: 'admin',
  input: subscriberInput,
  output: z.object({
    success: z.literal(true),
    message: z.string(),
    subscriberId: z.string(),
    _id: z.string(),
    subscriber: subscriberRecord,
  }),
  run({ services, user }, input) {
    const subscriber = subscriberAdminCreate(services.subscriberAdmin, input, user.id);
    return {
      success: true as const,
      message: SUBSCRIBER_MSG.created,
      subscriberId: subscriber.id,
      _id: subscriber.id,
      subscriber,
    };
  },
  rest: {
    method: 'POST',
    path: '/admin/subscribers',
    tag: TAG,
    summary: 'Cria um assinante',
    successStatus: 201,
    legacyNames: SUBSCRIBER_LEGACY_NAMES,
    errors: { 409: MSG.emailTaken },
  },
});

const update = defineOperation({
  kind: 'mutation',
  access: 'admin',
  input: subscriberUpdateInput,
  output: z.object({ success: z.literal(true), message: z.string(), subscriber: subscriberRecord }),
  run({ services, user }, { id, ...input }) {
    const subscriber = subscriberAdminUpdate(services.subscriberAdmin, id, input, user.id);
    // The e-mail of a record with an account waits for the new address's confirmation (ADR 027).
    const waiting = subscriber.email !== input.email;
    return {
      success: true as const,
      message: waiting ? EMAIL_CHANGE_MSG.adminRequested : SUBSCRIBER_MSG.updated,
      subscriber,
    };
  },
  rest: {
    method: 'PUT',
    path: '/admin/subscribers/:id',
    tag: TAG,
    summary: 'Atualiza um assinante (mudança de status só pelas transições permitidas)',
    description:
      'Num cadastro ligado a uma conta, um email novo só vale depois de confirmado pelo link enviado a ' +
      'ele (o email atual é avisado); os demais campos são salvos na hora e `subscriber.email` continua o atual.',
    legacyNames: SUBSCRIBER_LEGACY_NAMES,
    errors: { ...notFound, 409: SUBSCRIBER_MSG.statusChangeRefused },
  },
});

const remove = defineOperation({
  kind: 'mutation',
  access: 'admin',
  input: byId,
  output: z.object({ success: z.literal(true), message: z.string() }),
  run({ services, user }, input) {
    subscriberAdminRemove(services.subscriberAdmin, input.id, user.id);
    return { success: true as const, message: SUBSCRIBER_MSG.deleted };
  },
  rest: {
    method: 'DELETE',
    path: '/admin/subscribers/:id',
    tag: TAG,
    summary: 'Exclui um assinante sem pagamentos registrados',
    errors: { ...notFound, 409: SUBSCRIBER_MSG.hasPayments },
  },
});

/** REST-only copy of an operation under another documented path (the `/subscribers` aliases). */
function alias<O extends AnyOperation>(operation: O, path: string): Omit<O, 'trpc'> & { trpc: false } {
  if (!operation.rest) throw new Error('an alias needs a REST binding');
  return {
    ...operation,
    trpc: false,
    rest: { ...operation.rest, path, summary: `${operation.rest.summary} (alias)` },
  };
}

export const subscriberOperations = {
  list,
  get,
  create,
  update,
  remove,

  approve: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: byId,
    output: z.object({ success: z.literal(true), message: z.string(), subscriber: subscriberRecord }),
    async run({ services, user }, input) {
      const { subscriber, message } = await approve(services.subscriberAdmin, input.id, user.id);
      return { success: true as const, message, subscriber };
    },
    rest: {
      method: 'POST',
      path: '/admin/subscribers/:id/approve',
      tag: TAG,
      summary:
        'Aprova um assinante pago (conta criada ou vinculada; o link de acesso só vai ao email da conta)',
      description:
        'Conta nova: o link para definir a senha vai só ao email do cadastro, que é o email de acesso ' +
        'da conta (usá-lo comprova o endereço). Email que já tem conta: a conta é só avisada por email, ' +
        'sem link. O WhatsApp do cadastro recebe um aviso sem link. Um cadastro com o email de um ' +
        'administrador não pode ser aprovado (409).',
      errors: { ...notFound, 409: `Este cadastro já foi aprovado. | ${APPROVAL_MSG.adminEmail}` },
    },
  }),

  /**
   * Approves the selected records of the approval queue (ADR 046), each by the one approval and
   * its identity rules; the answer says what happened to each. At most BATCH_MAX a call.
   */
  approveMany: defineOperation({
    kind: 'mutation',
    access: 'admin',
    rateLimit: 'batch',
    input: approveManyInput,
    output: approveManyOutput,
    run: ({ services, user }, input) => approveMany(services.subscriberAdmin, input.ids, user.id),
  }),

  /**
   * A message to everyone in the filtered list (ADR 046): who receives it, by which proven
   * contact, who is left out and the first recipient's text, before anything is sent.
   */
  previewListMessage: defineOperation({
    kind: 'query',
    access: 'admin',
    rateLimit: 'lookup',
    input: listMessagePreviewInput,
    output: listMessagePreview,
    run: ({ services }, input) => services.listMessages.preview(input.filter, input.message),
  }),

  /** Sends it: once per idempotency key, however often the call is repeated. */
  sendListMessage: defineOperation({
    kind: 'mutation',
    access: 'admin',
    rateLimit: 'batch',
    input: listMessageSendInput,
    output: listMessageSendOutput,
    run: ({ services, user }, input) => services.listMessages.send(input, user.id),
  }),

  /** The messages on a record ("Mensagens" of its history), as the outbox keeps them. */
  messages: defineOperation({
    kind: 'query',
    access: 'admin',
    input: byId,
    output: z.array(subscriberMessage),
    run: ({ services }, input) => services.listMessages.messagesOf(input.id),
  }),

  /** The subscriber's history: status moves, edits, payments, messages (view mode). */
  history: defineOperation({
    kind: 'query',
    access: 'admin',
    input: byId,
    output: z.array(subscriberActivityEntry),
    run: ({ services }, input) => history(services.subscriberAdmin, input.id),
  }),

  /** The record's account, its proven contacts, a pending e-mail change and an approval refusal (ADR 027). */
  access: defineOperation({
    kind: 'query',
    access: 'admin',
    input: byId,
    output: subscriberAccess,
    run: ({ services }, input) => access(services.subscriberAdmin, input.id),
  }),

  /** What a paid checkout proposed for a record it did not create, beside the record's values (ADR 027). */
  proposedChanges: defineOperation({
    kind: 'query',
    access: 'admin',
    input: byId,
    output: proposedChangesView,
    run: ({ services }, input) => proposedChangesOf(services.subscriberAdmin, input.id),
    rest: {
      method: 'GET',
      path: '/admin/subscribers/:id/proposed-changes',
      tag: TAG,
      summary: 'Alterações propostas no pagamento (null quando não há)',
      errors: notFound,
    },
  }),

  /** Applies or discards fields of that proposal; each applied one is written in the history. */
  decideProposedChanges: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: decideProposedChangesInput,
    output: z.object({ success: z.literal(true), message: z.string(), proposal: proposedChangesView }),
    run({ services, user }, input) {
      return { success: true as const, ...decideProposedChanges(services.subscriberAdmin, input, user.id) };
    },
    rest: {
      method: 'POST',
      path: '/admin/subscribers/:id/proposed-changes',
      tag: TAG,
      summary: 'Aplica (decision=apply) ou descarta (decision=discard) campos das alterações propostas',
      description:
        'Um pagamento anônimo nunca altera um cadastro que não criou: o que ele digitou de diferente fica ' +
        'como proposta. Aplicar grava o campo no cadastro e no histórico (valor antigo e novo, CPF ' +
        'mascarado); descartar só registra no histórico quais campos foram descartados.',
      errors: { ...notFound, 409: PROPOSED_CHANGES_MSG.gone },
    },
  }),

  /** "Cancele quando quiser" from the back office: access lasts to the end of the paid period. */
  requestCancellation: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: byId.extend({ reason: z.string().trim().max(500).optional() }),
    output: subscriberRecord,
    run: ({ services, user }, input) =>
      requestCancellation(services.subscriberAdmin, input.id, user.id, input.reason ?? null),
  }),

  /** A WhatsApp message from a stored template or a custom text, through the outbox (docs/product/back-office-and-member-area.md §2). */
  sendMessage: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: sendMessageInput,
    output: sendMessageOutput,
    async run({ services, user }, input) {
      const { notice, ...sent } = await services.subscriberMessages.send(input, user.id);
      return { success: true as const, message: notice ?? ADMIN_MESSAGE_MSG.sent, ...sent };
    },
  }),

  /**
   * The filtered list as a CSV file, streamed (ADR 015). Declared before `/admin/subscribers/:id`
   * only for the reader: the router prefers a fixed segment to a parameter whatever the order.
   */
  exportCsv: defineOperation({
    kind: 'query',
    access: 'admin',
    input: subscriberExportInput,
    output: downloadOutput,
    trpc: false,
    rateLimit: 'export',
    run: ({ services, user }, input) => ({
      filename: `assinantes-${saoPauloCalendarDay(services.clock.now())}.csv`,
      body: exportCsv(services.subscriberCsv, input, user.id),
    }),
    rest: {
      method: 'GET',
      path: '/admin/subscribers/export.csv',
      tag: TAG,
      summary: 'Exporta a lista filtrada em CSV (UTF-8 com BOM; CPF mascarado salvo includeCpf=true)',
      description:
        'Formato do Excel em português: UTF-8 com BOM, campos separados por `;`, valores com vírgula ' +
        'decimal sem separador de milhar (1497,00), datas dd/mm/aaaa no horário de São Paulo e, ao ' +
        'final, as mesmas datas em ISO 8601 (inicio_assinatura_iso, termino_assinatura_iso, criado_em_iso).',
      download: { contentType: 'text/csv; charset=utf-8' },
    },
  }),

  /**
   * CSV import: a dry run (`apply: false`) reports each row (create, update by e-mail, unchanged,
   * rejected and why); `apply: true` writes the valid rows. REST only: the file may exceed the tRPC
   * body limit.
   */
  importCsv: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: subscriberImportInput,
    output: subscriberImportReport,
    trpc: false,
    run: ({ services, user }, input) =>
      importCsv(services.subscriberCsv, { csv: input.csv, file: input.file }, input.apply, user.id),
    rest: {
      method: 'POST',
      path: '/admin/subscribers/import',
      tag: TAG,
      summary: 'Importa assinantes de um CSV (mesmas colunas da exportação): simulação e aplicação',
      description:
        'Lê os dois formatos: `;` com vírgula decimal (Excel em português, o da exportação) e `,` com ' +
        'ponto decimal, com ou sem BOM. A resposta diz qual encontrou (`dialect`: semicolon ou comma; ' +
        '`dialectMessage`, por exemplo "Formato detectado: Excel (ponto e vírgula)"). O arquivo vai como ' +
        'texto (`csv`) ou como seus bytes em base64 (`file`): então a codificação é detectada (UTF-8 com ' +
        'ou sem BOM, senão Windows-1252, a do "CSV (separado por vírgulas)" do Excel) e dita em ' +
        '`encoding`/`encodingMessage`; um arquivo que não é texto em nenhuma delas é recusado. Colunas ' +
        'desconhecidas vêm em `unknownColumns`.',
      // JSON escaping can double a CSV's size (quotes); base64 adds a third.
      bodyLimit: SUBSCRIBER_IMPORT_MAX_BYTES * 2 + 4096,
      errors: { 400: SUBSCRIBER_CSV_MSG.tooLarge, 413: SUBSCRIBER_CSV_MSG.tooLarge },
    },
  }),

  listAlias: alias(list, '/subscribers'),
  getAlias: alias(get, '/subscribers/:id'),
  createAlias: alias(create, '/subscribers'),
  updateAlias: alias(update, '/subscribers/:id'),
  removeAlias: alias(remove, '/subscribers/:id'),
};
