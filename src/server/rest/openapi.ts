/**
 * The REST adapter describes itself: an OpenAPI 3.1 document built at start-up from the live route
 * list (`restRoutes`), with the very zod schemas that parse requests turned into JSON Schema by
 * zod's own `z.toJSONSchema`. An operation given a `rest` binding (src/server/operations/) is
 * documented the moment it is registered, and a schema change cannot leave the docs behind.
 *
 * Served as JSON at /api/docs/openapi.json and as a browsable Swagger UI at /api/docs, whose
 * assets ship inside @fastify/swagger-ui (no CDN: the page works offline and under our CSP).
 */
import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SESSION_COOKIE } from '../identity/request-auth';
import { ERROR_REASONS } from '../../shared/error-reasons';
import { MSG } from '../../shared/messages';
import { APP_VERSION } from '../version';
import type { Access } from '../operations/define';
import type { RestRoute } from './route';

export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_JSON_PATH = `${DOCS_PREFIX}/openapi.json`;

type JsonSchema = { [key: string]: unknown };

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
}

interface Response {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response>;
  'x-access': Access;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const ERROR_SCHEMA_REF = '#/components/schemas/Error';
const errorContent = { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } };

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Acesso público.',
  authenticated: 'Requer sessão: `Authorization: Bearer <token>` ou o cookie de sessão.',
  member: 'Requer sessão de confrade (papel `user`).',
  admin: 'Requer sessão de administrador (papel `admin`).',
};

/** Statuses every route of a kind can answer, documented unless the route words them itself. */
function implicitErrors(route: RestRoute): Record<number, string> {
  const { access } = route;
  const errors: Record<number, string> = {};
  if (route.body || route.query || route.params)
    errors[400] = 'Entrada inválida (mensagem do primeiro problema)';
  if (access !== 'public') errors[401] = 'Não autenticado';
  if (access === 'member' || access === 'admin') errors[403] = 'Sem permissão para este papel';
  if (route.rateLimit) errors[429] = 'Muitas tentativas; tente novamente em instantes';
  // A write refused by a full disk: nothing of the request was written (ADR 013).
  if (route.method !== 'GET') errors[503] = MSG.noSpaceToWrite;
  return errors;
}

/**
 * Collects the schemas the zod converter extracts into `$defs` (recursive or `.meta({ id })`
 * schemas) as document components, so `$ref`s resolve from the document root.
 */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};
  /** Raw definition (name + JSON) → the component name it was given. */
  private readonly placed = new Map<string, string>();

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    const { $schema: _dialect, $defs, ...json } = converted;
    const defs = Object.entries(($defs ?? {}) as Record<string, JsonSchema>);
    const renames = new Map(defs.map(([name, def]) => [name, this.nameFor(name, def)]));
    for (const [name, def] of defs) {
      this.components[renames.get(name)!] = rewriteRefs(def, renames);
    }
    return rewriteRefs(json, renames);
  }

  /** The def's own name when free (or already holding the same definition), else a numbered one. */
  private nameFor(name: string, def: JsonSchema): string {
    const key = `${name}:${JSON.stringify(def)}`;
    const known = this.placed.get(key);
    if (known) return known;
    let candidate = name;
    for (let n = 2; candidate in this.components || candidate === 'Error'; n++) candidate = `${name}_${n}`;
    this.components[candidate] = def;
    this.placed.set(key, candidate);
    return candidate;
  }
}

function rewriteRefs(value: JsonSchema, renames: Map<string, string>): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [key, child] of Object.entries(node)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')) {
        const name = child.slice('#/$defs/'.length);
        out[key] = `#/components/schemas/${renames.get(name) ?? name}`;
      } else {
        out[key] = visit(child);
      }
    }
    return out;
  };
  return visit(value) as JsonSchema;
}

/** `/payments/status/:id` → `/api/payments/status/{id}` plus the names of its path parameters. */
export function toOpenApiPath(path: string): { path: string; names: string[] } {
  const names: string[] = [];
  const converted = path.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_match, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path: `/api${converted}`, names };
}

/**
 * An object schema's properties as OpenAPI parameters. A query schema of another shape becomes one
 * form-exploded object; path parameters without a schema are added from the path itself.
 */
function parametersFrom(json: JsonSchema, location: 'path' | 'query'): Parameter[] {
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (!properties) {
    if (location === 'path') return [];
    return [{ name: 'query', in: 'query', required: false, schema: json, style: 'form', explode: true }];
  }
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, schema]) => {
    const parameter: Parameter = {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      schema,
    };
    if (typeof schema.description === 'string') parameter.description = schema.description;
    return parameter;
  });
}

function operationId(method: string, path: string): string {
  const words = path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

/** The form of a multipart upload (the drive's: docs/product/back-office-and-member-area.md §7). */
const UPLOAD_FORM: JsonSchema = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'O arquivo (um por envio)' },
    name: { type: 'string', maxLength: 200 },
    description: { type: 'string', maxLength: 2000 },
    isPublic: { type: 'string', enum: ['true', 'false'] },
    tags: { type: 'string', description: 'Separadas por vírgula' },
  },
  required: ['file', 'name'],
};

/** A route that answers a file: its bytes, or one range of them. */
function fileResponses(responses: Record<string, Response>) {
  const binary = { '*/*': { schema: { type: 'string', format: 'binary' } } };
  responses['200'] = {
    description: 'O arquivo (Content-Disposition com o nome; Accept-Ranges: bytes)',
    content: binary,
  };
  responses['206'] = {
    description: 'O intervalo pedido em `Range: bytes=início-fim`',
    content: binary,
    headers: { 'Content-Range': { description: 'bytes início-fim/total', schema: { type: 'string' } } },
  };
}

export interface OpenApiOptions {
  version?: string;
}

/** Path parameters (from the schema, else from the path itself), then the query's. */
function parametersOf(route: RestRoute, names: string[], schemas: SchemaCollector): Parameter[] {
  const parameters: Parameter[] = [];
  if (route.params) parameters.push(...parametersFrom(schemas.convert(route.params, 'input'), 'path'));
  for (const name of names) {
    if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  if (route.query) parameters.push(...parametersFrom(schemas.convert(route.query, 'input'), 'query'));
  return parameters;
}

/** The success answer: a download's bytes, the response schema, or `{ success: true }`. */
function successResponse(route: RestRoute, schemas: SchemaCollector): Response {
  return {
    description: route.successStatus === 201 ? 'Criado' : 'Sucesso',
    content: route.binding.download
      ? { [route.binding.download.contentType]: { schema: { type: 'string', format: 'binary' } } }
      : {
          'application/json': {
            schema: route.response
              ? schemas.convert(route.response, 'output')
              : { type: 'object', properties: { success: { const: true } } },
          },
        },
  };
}

/** Success first, then a file's answers, then every error the route (or its kind) can give. */
function responsesOf(route: RestRoute, schemas: SchemaCollector): Record<string, Response> {
  const responses: Record<string, Response> = {
    [String(route.successStatus ?? 200)]: successResponse(route, schemas),
  };
  if (route.binding.fileAnswer) fileResponses(responses);
  const errors: Record<number, string | undefined> = { ...implicitErrors(route), ...route.errors };
  for (const [status, description] of Object.entries(errors)) {
    if (description) responses[status] = { description, content: errorContent };
  }
  return responses;
}

/** The method and path in words, numbered when two routes would share it. */
function uniqueOperationId(route: RestRoute, usedIds: Set<string>): string {
  let id = operationId(route.method, route.path);
  for (let n = 2; usedIds.has(id); n++) id = `${operationId(route.method, route.path)}${n}`;
  usedIds.add(id);
  return id;
}

/** A multipart upload's form, or the JSON body (required when it has a required property). */
function requestBodyOf(route: RestRoute, schemas: SchemaCollector): Operation['requestBody'] {
  if (route.body) {
    const body = schemas.convert(route.body, 'input');
    const required = Array.isArray(body.required) && body.required.length > 0;
    return { required, content: { 'application/json': { schema: body } } };
  }
  if (route.binding.multipart) {
    return { required: true, content: { 'multipart/form-data': { schema: UPLOAD_FORM } } };
  }
  return undefined;
}

function operationOf(route: RestRoute, names: string[], id: string, schemas: SchemaCollector): Operation {
  const { access } = route;
  // Converted in this order (parameters, responses, body) so numbered components keep their names.
  const parameters = parametersOf(route, names, schemas);
  const operation: Operation = {
    operationId: id,
    summary: route.summary,
    description: [route.description, ACCESS_TEXT[access]].filter(Boolean).join('\n\n'),
    tags: [route.tag],
    // Public routes need no credentials (the one that honours an admin's token says so itself).
    security: access === 'public' ? [] : [{ bearerAuth: [] }, { cookieAuth: [] }],
    responses: responsesOf(route, schemas),
    'x-access': access,
  };
  if (parameters.length > 0) operation.parameters = parameters;
  const requestBody = requestBodyOf(route, schemas);
  if (requestBody) operation.requestBody = requestBody;
  return operation;
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    error: { type: 'string', description: 'Mensagem em português' },
    code: {
      type: 'string',
      enum: [...ERROR_REASONS],
      description:
        'Só em recusas que o cliente resolve sozinho: `two_factor_required` (envie `code` no login) ' +
        'ou `step_up_required` (confirme em POST /api/auth/step-up e repita a chamada)',
    },
  },
  required: ['error'],
};

const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token devolvido por /api/auth/login' },
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'Sessão do navegador',
  },
};

/**
 * What each group of paths is for, shown by Swagger UI and asked for by linters (`redocly lint`):
 * a new tag needs its line here (openapi.test.ts checks every tag of the document has one).
 */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  auth: 'Cadastro, login, sessões, senha, verificação de e-mail e dois fatores',
  checkout: 'Plano, links de pagamento, cartão e PIX, consulta de CEP e situação de um pagamento',
  contato: 'Mensagem do formulário de contato do site',
  membro: 'Área do confrade: assinatura, pagamentos, renovação automática e dados pessoais',
  'subscriber-update': 'Atualização de cadastro pelo link enviado ao confrade',
  referrals: 'Indicações do confrade e o cashback de 10%',
  recibos: 'Recibos dos pagamentos confirmados e o número da nota fiscal',
  drive: 'Arquivos compartilhados do clube para os confrades',
  'admin: dashboard': 'Números do painel da administração',
  'admin: assinantes': 'Assinantes: lista, cadastro, aprovação, importação e exportação em CSV',
  'admin: pagamentos': 'Pagamentos: lista, detalhe, links, reembolsos, cobranças extras e exportação',
  'admin: fechamento do mês': 'Fechamento do mês: bruto, reembolsos, taxas, líquido e o CSV do contador',
  'admin: indicações': 'Indicações e pagamentos de cashback',
  'admin: drive': 'Envio, organização e remoção dos arquivos compartilhados',
  'admin: configurações': 'Configurações do clube: preços, textos, renovação automática e notas fiscais',
  'admin: whatsapp': 'Mensagens de WhatsApp aos confrades',
  sistema: 'Estado do servidor para monitores e diagnóstico dos provedores',
  webhooks: 'Avisos dos provedores (Pagar.me), assinados',
};

function infoOf(version: string): OpenApiDocument['info'] {
  return {
    title: 'Confraria API',
    version,
    description:
      'API REST da Confraria. Autentique com `POST /api/auth/login` e envie o token como ' +
      '`Authorization: Bearer <token>`. Erros respondem `{ "error": "mensagem" }` com o status HTTP adequado.',
  };
}

/** Builds the document from route definitions; pure, so tests can check it without a server. */
export function buildOpenApiDocument(
  routes: readonly RestRoute[],
  options: OpenApiOptions = {},
): OpenApiDocument {
  const schemas = new SchemaCollector();
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const usedIds = new Set<string>();
  for (const route of routes) {
    const { path, names } = toOpenApiPath(route.path);
    tags.add(route.tag);
    const id = uniqueOperationId(route, usedIds);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, names, id, schemas);
  }
  return {
    openapi: '3.1.0',
    info: infoOf(options.version ?? APP_VERSION),
    // The paths already start with /api: the server is the one that serves this document.
    servers: [{ url: '/', description: 'Este servidor' }],
    tags: [...tags].map((name) =>
      TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
    ),
    paths,
    components: {
      schemas: { ...schemas.components, Error: ERROR_SCHEMA },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

/**
 * Serves the document and the UI. Registered after the REST routes by `buildApp`, from the same
 * list, so the document always matches what is mounted.
 */
/** The document of a route list, built once per list (the list is fixed at start; tests build many apps). */
const documents = new WeakMap<readonly RestRoute[], OpenApiDocument>();

export async function registerApiDocs(app: FastifyInstance, routes: readonly RestRoute[]): Promise<void> {
  let document = documents.get(routes);
  if (!document) {
    document = buildOpenApiDocument(routes);
    documents.set(routes, document);
  }
  const body = JSON.stringify(document);

  app.get(OPENAPI_JSON_PATH, (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(body),
  );

  await app.register(fastifySwagger, {
    mode: 'static',
    // @fastify/swagger's types stop at OpenAPI 3.0; the object is a valid 3.1 document.
    specification: { document: document as unknown as StaticDocumentSpec['document'] },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, docExpansion: 'list', persistAuthorization: false },
    // The page loads only its bundled files; helmet's CSP (script-src 'self') already covers it.
    staticCSP: false,
    theme: { title: 'Confraria API' },
  });
}
