/**
 * The back office's subscriber operations (docs/product/back-office-and-member-area.md §2–§7, docs/product/decisions.md §3.3). All admin-only. The
 * documented paths are `/admin/subscribers…`; `/subscribers…` are admin-only aliases (docs/product/decisions.md §4),
 * REST-only copies of the same procedures.
 */
import { saoPauloCalendarDay } from '../../../shared/sao-paulo-time';
import { CSV_DOWNLOAD, EXCEL_CSV_DESCRIPTION, downloadOutput } from '../../lib/download';
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
import { procedureFor, type Meta } from '../../operations/procedure';
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
import { recordId } from '../../../shared/record-id';
import { FIELD_LIMITS } from '../../../shared/fields/limits';

const byId = z.object({ id: recordId });
const TAG = ['admin: assinantes'];
const notFound = { 404: SUBSCRIBER_MSG.notFound } as const;

type OpenApi = NonNullable<Meta['openapi']>;

/** The documented path, or its `/subscribers` alias (REST only, same summary marked "(alias)"). */
const at = (rest: OpenApi, aliasPath?: `/${string}`): OpenApi =>
  aliasPath ? { ...rest, path: aliasPath, summary: `${rest.summary} (alias)` } : rest;

const LIST_REST: OpenApi = {
  method: 'GET',
  path: '/admin/subscribers',
  tags: TAG,
  summary:
    'Lista assinantes (filtros status, search, endingWithinDays, expiredWithinDays e renewal; sortBy, sortOrder; page, limit)',
};
const list = (aliasPath?: `/${string}`) =>
  procedureFor('admin')
    .meta({ openapi: at(LIST_REST, aliasPath) })
    .input(subscriberListInput)
    .output(z.object({ success: z.literal(true), subscribers: z.array(subscriberRecord), pagination }))
    .query(({ ctx: { services }, input }) => subscriberAdminList(services.subscriberAdmin, input));

const GET_REST: OpenApi = {
  method: 'GET',
  path: '/admin/subscribers/{id}',
  tags: TAG,
  summary: 'Um assinante (usado para conferir os campos salvos após a criação)',
  errorResponses: notFound,
};
const get = (aliasPath?: `/${string}`) =>
  procedureFor('admin')
    .meta({ openapi: at(GET_REST, aliasPath) })
    .input(byId)
    .output(subscriberRecord)
    .query(({ ctx: { services }, input }) => getRecord(services.subscriberAdmin, input.id));

const CREATE_REST: OpenApi = {
  method: 'POST',
  path: '/admin/subscribers',
  tags: TAG,
  summary: 'Cria um assinante',
  errorResponses: { 409: MSG.emailTaken },
};
const create = (aliasPath?: `/${string}`) =>
  procedureFor('admin')
    .meta({ successStatus: 201, legacyNames: SUBSCRIBER_LEGACY_NAMES, openapi: at(CREATE_REST, aliasPath) })
    .input(subscriberInput)
    .output(
      z.object({
        success: z.literal(true),
        message: z.string(),
        subscriberId: z.string(),
        _id: z.string(),
        subscriber: subscriberRecord,
      }),
    )
    .mutation(({ ctx: { services, user }, input }) => {
      const subscriber = subscriberAdminCreate(services.subscriberAdmin, input, user.id);
      return {
        success: true as const,
        message: SUBSCRIBER_MSG.created,
        subscriberId: subscriber.id,
        _id: subscriber.id,
        subscriber,
      };
    });

const UPDATE_REST: OpenApi = {
  method: 'PUT',
  path: '/admin/subscribers/{id}',
  tags: TAG,
  summary: 'Atualiza um assinante (mudança de status só pelas transições permitidas)',
  description:
    'Num cadastro ligado a uma conta, um email novo só vale depois de confirmado pelo link enviado a ' +
    'ele (o email atual é avisado); os demais campos são salvos na hora e `subscriber.email` continua o atual.',
  errorResponses: { ...notFound, 409: SUBSCRIBER_MSG.statusChangeRefused },
};
const update = (aliasPath?: `/${string}`) =>
  procedureFor('admin')
    .meta({ legacyNames: SUBSCRIBER_LEGACY_NAMES, openapi: at(UPDATE_REST, aliasPath) })
    .input(subscriberUpdateInput)
    .output(z.object({ success: z.literal(true), message: z.string(), subscriber: subscriberRecord }))
    .mutation(({ ctx: { services, user }, input: { id, ...input } }) => {
      const subscriber = subscriberAdminUpdate(services.subscriberAdmin, id, input, user.id);
      // The e-mail of a record with an account waits for the new address's confirmation (ADR 027).
      const waiting = subscriber.email !== input.email;
      return {
        success: true as const,
        message: waiting ? EMAIL_CHANGE_MSG.adminRequested : SUBSCRIBER_MSG.updated,
        subscriber,
      };
    });

const REMOVE_REST: OpenApi = {
  method: 'DELETE',
  path: '/admin/subscribers/{id}',
  tags: TAG,
  summary: 'Exclui um assinante sem pagamentos registrados',
  errorResponses: { ...notFound, 409: SUBSCRIBER_MSG.hasPayments },
};
const remove = (aliasPath?: `/${string}`) =>
  procedureFor('admin')
    .meta({ openapi: at(REMOVE_REST, aliasPath) })
    .input(byId)
    .output(z.object({ success: z.literal(true), message: z.string() }))
    .mutation(({ ctx: { services, user }, input }) => {
      subscriberAdminRemove(services.subscriberAdmin, input.id, user.id);
      return { success: true as const, message: SUBSCRIBER_MSG.deleted };
    });

export const subscriberProcedures = {
  list: list(),
  get: get(),
  create: create(),
  update: update(),
  remove: remove(),

  approve: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/subscribers/{id}/approve',
        tags: TAG,
        summary:
          'Aprova um assinante pago (conta criada ou vinculada; o link de acesso só vai ao email da conta)',
        description:
          'Conta nova: o link para definir a senha vai só ao email do cadastro, que é o email de acesso ' +
          'da conta (usá-lo comprova o endereço). Email que já tem conta: a conta é só avisada por email, ' +
          'sem link. O WhatsApp do cadastro recebe um aviso sem link. Um cadastro com o email de um ' +
          'administrador não pode ser aprovado (409).',
        errorResponses: { ...notFound, 409: `Este cadastro já foi aprovado. | ${APPROVAL_MSG.adminEmail}` },
      },
    })
    .input(byId)
    .output(z.object({ success: z.literal(true), message: z.string(), subscriber: subscriberRecord }))
    .mutation(async ({ ctx: { services, user }, input }) => {
      const { subscriber, message } = await approve(services.subscriberAdmin, input.id, user.id);
      return { success: true as const, message, subscriber };
    }),

  /**
   * Approves the selected records of the approval queue (ADR 046), each by the one approval and
   * its identity rules; the answer says what happened to each. At most BATCH_MAX a call.
   */
  approveMany: procedureFor('admin')
    .meta({ rateLimit: 'batch' })
    .input(approveManyInput)
    .output(approveManyOutput)
    .mutation(({ ctx: { services, user }, input }) =>
      approveMany(services.subscriberAdmin, input.ids, user.id),
    ),

  /**
   * A message to everyone in the filtered list (ADR 046): who receives it, by which proven
   * contact, who is left out and the first recipient's text, before anything is sent.
   */
  previewListMessage: procedureFor('admin')
    .meta({ rateLimit: 'lookup' })
    .input(listMessagePreviewInput)
    .output(listMessagePreview)
    .query(({ ctx: { services }, input }) => services.listMessages.preview(input.filter, input.message)),

  /** Sends it: once per idempotency key, however often the call is repeated. */
  sendListMessage: procedureFor('admin')
    .meta({ rateLimit: 'batch' })
    .input(listMessageSendInput)
    .output(listMessageSendOutput)
    .mutation(({ ctx: { services, user }, input }) => services.listMessages.send(input, user.id)),

  /** The messages on a record ("Mensagens" of its history), as the outbox keeps them. */
  messages: procedureFor('admin')
    .input(byId)
    .output(z.array(subscriberMessage))
    .query(({ ctx: { services }, input }) => services.listMessages.messagesOf(input.id)),

  /** The subscriber's history: status moves, edits, payments, messages (view mode). */
  history: procedureFor('admin')
    .input(byId)
    .output(z.array(subscriberActivityEntry))
    .query(({ ctx: { services }, input }) => history(services.subscriberAdmin, input.id)),

  /** The record's account, its proven contacts, a pending e-mail change and an approval refusal (ADR 027). */
  access: procedureFor('admin')
    .input(byId)
    .output(subscriberAccess)
    .query(({ ctx: { services }, input }) => access(services.subscriberAdmin, input.id)),

  /** What a paid checkout proposed for a record it did not create, beside the record's values (ADR 027). */
  proposedChanges: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/subscribers/{id}/proposed-changes',
        tags: TAG,
        summary: 'Alterações propostas no pagamento (null quando não há)',
        errorResponses: notFound,
      },
    })
    .input(byId)
    .output(proposedChangesView)
    .query(({ ctx: { services }, input }) => proposedChangesOf(services.subscriberAdmin, input.id)),

  /** Applies or discards fields of that proposal; each applied one is written in the history. */
  decideProposedChanges: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/subscribers/{id}/proposed-changes',
        tags: TAG,
        summary: 'Aplica (decision=apply) ou descarta (decision=discard) campos das alterações propostas',
        description:
          'Um pagamento anônimo nunca altera um cadastro que não criou: o que ele digitou de diferente fica ' +
          'como proposta. Aplicar grava o campo no cadastro e no histórico (valor antigo e novo, CPF ' +
          'mascarado); descartar só registra no histórico quais campos foram descartados.',
        errorResponses: { ...notFound, 409: PROPOSED_CHANGES_MSG.gone },
      },
    })
    .input(decideProposedChangesInput)
    .output(z.object({ success: z.literal(true), message: z.string(), proposal: proposedChangesView }))
    .mutation(({ ctx: { services, user }, input }) => ({
      success: true as const,
      ...decideProposedChanges(services.subscriberAdmin, input, user.id),
    })),

  /** "Cancele quando quiser" from the back office: access lasts to the end of the paid period. */
  requestCancellation: procedureFor('admin')
    .input(byId.extend({ reason: z.string().trim().max(FIELD_LIMITS.reason).optional() }))
    .output(subscriberRecord)
    .mutation(({ ctx: { services, user }, input }) =>
      requestCancellation(services.subscriberAdmin, input.id, user.id, input.reason ?? null),
    ),

  /** A WhatsApp message from a stored template or a custom text, through the outbox (docs/product/back-office-and-member-area.md §2). */
  sendMessage: procedureFor('admin')
    .input(sendMessageInput)
    .output(sendMessageOutput)
    .mutation(async ({ ctx: { services, user }, input }) => {
      const { notice, ...sent } = await services.subscriberMessages.send(input, user.id);
      return { success: true as const, message: notice ?? ADMIN_MESSAGE_MSG.sent, ...sent };
    }),
};

/** REST only: files, and the `/subscribers` aliases. */
export const subscriberRestProcedures = {
  /**
   * The filtered list as a CSV file, streamed (ADR 015). Declared before `/admin/subscribers/:id`
   * only for the reader: the router prefers a fixed segment to a parameter whatever the order.
   */
  exportCsv: procedureFor('admin')
    .meta({
      ...CSV_DOWNLOAD,
      openapi: {
        method: 'GET',
        path: '/admin/subscribers/export.csv',
        tags: TAG,
        summary: 'Exporta a lista filtrada em CSV (UTF-8 com BOM; CPF mascarado salvo includeCpf=true)',
        description:
          `${EXCEL_CSV_DESCRIPTION} dd/mm/aaaa no horário de São Paulo e, ao ` +
          'final, as mesmas datas em ISO 8601 (inicio_assinatura_iso, termino_assinatura_iso, criado_em_iso).',
      },
    })
    .input(subscriberExportInput)
    .output(downloadOutput)
    .query(({ ctx: { services, user }, input }) => ({
      filename: `assinantes-${saoPauloCalendarDay(services.clock.now())}.csv`,
      body: exportCsv(services.subscriberCsv, input, user.id),
    })),

  /**
   * CSV import: a dry run (`apply: false`) reports each row (create, update by e-mail, unchanged,
   * rejected and why); `apply: true` writes the valid rows. REST only: the file may exceed the tRPC
   * body limit.
   */
  importCsv: procedureFor('admin')
    .meta({
      // JSON escaping can double a CSV's size (quotes); base64 adds a third.
      bodyLimit: SUBSCRIBER_IMPORT_MAX_BYTES * 2 + 4096,
      openapi: {
        method: 'POST',
        path: '/admin/subscribers/import',
        tags: TAG,
        summary: 'Importa assinantes de um CSV (mesmas colunas da exportação): simulação e aplicação',
        description:
          'Lê os dois formatos: `;` com vírgula decimal (Excel em português, o da exportação) e `,` com ' +
          'ponto decimal, com ou sem BOM. A resposta diz qual encontrou (`dialect`: semicolon ou comma; ' +
          '`dialectMessage`, por exemplo "Formato detectado: Excel (ponto e vírgula)"). O arquivo vai como ' +
          'texto (`csv`) ou como seus bytes em base64 (`file`): então a codificação é detectada (UTF-8 com ' +
          'ou sem BOM, senão Windows-1252, a do "CSV (separado por vírgulas)" do Excel) e dita em ' +
          '`encoding`/`encodingMessage`; um arquivo que não é texto em nenhuma delas é recusado. Colunas ' +
          'desconhecidas vêm em `unknownColumns`.',
        errorResponses: { 400: SUBSCRIBER_CSV_MSG.tooLarge, 413: SUBSCRIBER_CSV_MSG.tooLarge },
      },
    })
    .input(subscriberImportInput)
    .output(subscriberImportReport)
    .mutation(({ ctx: { services, user }, input }) =>
      importCsv(services.subscriberCsv, { csv: input.csv, file: input.file }, input.apply, user.id),
    ),

  listAlias: list('/subscribers'),
  getAlias: get('/subscribers/{id}'),
  createAlias: create('/subscribers'),
  updateAlias: update('/subscribers/{id}'),
  removeAlias: remove('/subscribers/{id}'),
};
