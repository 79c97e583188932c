/**
 * The back office's subscriber operations (spec 02 §2–§7, DECISIONS §3.3). All admin-only. The
 * documented paths are `/admin/subscribers…`; `/subscribers…` are admin-only aliases (DECISIONS §4),
 * REST-only copies of the same definitions.
 */
import { z } from 'zod';
import {
  SUBSCRIBER_LEGACY_NAMES,
  SUBSCRIBER_MSG,
  subscriberActivityEntry,
  subscriberInput,
  subscriberListInput,
  subscriberRecord,
  subscriberUpdateInput,
} from '../../shared/subscriber-schemas';
import { pagination } from './output';
import { defineOperation, type AnyOperation } from './define';

const byId = z.object({ id: z.string().min(1).max(64) });
const TAG = 'admin: assinantes';
const notFound = { 404: SUBSCRIBER_MSG.notFound } as const;

const list = defineOperation({
  kind: 'query',
  access: 'admin',
  input: subscriberListInput,
  output: z.object({ success: z.literal(true), subscribers: z.array(subscriberRecord), pagination }),
  run: ({ services }, input) => services.subscriberAdmin.list(input),
  rest: {
    method: 'GET',
    path: '/admin/subscribers',
    tag: TAG,
    summary: 'Lista assinantes (filtros status e search; sortBy, sortOrder; page, limit)',
  },
});

const get = defineOperation({
  kind: 'query',
  access: 'admin',
  input: byId,
  output: subscriberRecord,
  run: ({ services }, input) => services.subscriberAdmin.get(input.id),
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
    const subscriber = services.subscriberAdmin.create(input, user.id);
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
    errors: { 409: 'Este email já está cadastrado' },
  },
});

const update = defineOperation({
  kind: 'mutation',
  access: 'admin',
  input: subscriberUpdateInput,
  output: z.object({ success: z.literal(true), message: z.string(), subscriber: subscriberRecord }),
  run({ services, user }, { id, ...input }) {
    const subscriber = services.subscriberAdmin.update(id, input, user.id);
    return { success: true as const, message: SUBSCRIBER_MSG.updated, subscriber };
  },
  rest: {
    method: 'PUT',
    path: '/admin/subscribers/:id',
    tag: TAG,
    summary: 'Atualiza um assinante (mudança de status só pelas transições permitidas)',
    legacyNames: SUBSCRIBER_LEGACY_NAMES,
    errors: { ...notFound, 409: SUBSCRIBER_MSG.statusChangeRefused },
  },
});

const remove = defineOperation({
  kind: 'mutation',
  access: 'admin',
  input: byId,
  output: z.object({ success: z.literal(true), message: z.string() }),
  run({ services }, input) {
    services.subscriberAdmin.remove(input.id);
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
      const subscriber = await services.subscriberAdmin.approve(input.id, user.id);
      return { success: true as const, message: SUBSCRIBER_MSG.approved, subscriber };
    },
    rest: {
      method: 'POST',
      path: '/admin/subscribers/:id/approve',
      tag: TAG,
      summary: 'Aprova um assinante pago (conta criada ou vinculada, credenciais por email e WhatsApp)',
      errors: { ...notFound, 409: 'Este cadastro já foi aprovado.' },
    },
  }),

  /** The subscriber's history: status moves, edits, payments, messages (view mode). */
  history: defineOperation({
    kind: 'query',
    access: 'admin',
    input: byId,
    output: z.array(subscriberActivityEntry),
    run: ({ services }, input) => services.subscriberAdmin.history(input.id),
  }),

  /** "Cancele quando quiser" from the back office: access lasts to the end of the paid period. */
  requestCancellation: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: byId.extend({ reason: z.string().trim().max(500).optional() }),
    output: subscriberRecord,
    run: ({ services, user }, input) =>
      services.subscriberAdmin.requestCancellation(input.id, user.id, input.reason ?? null),
  }),

  listAlias: alias(list, '/subscribers'),
  getAlias: alias(get, '/subscribers/:id'),
  createAlias: alias(create, '/subscribers'),
  updateAlias: alias(update, '/subscribers/:id'),
  removeAlias: alias(remove, '/subscribers/:id'),
};
