import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/app';
import { restRoutes } from '.';
import { buildOpenApiDocument, toOpenApiPath, type OpenApiDocument } from './openapi';
import { procedureFor } from '../operations/procedure';
import { createTRPCRouter } from '../trpc/init';
import { procedureRoutesOf } from './procedure-routes';

const packageVersion = (createRequire(import.meta.url)('../../../package.json') as { version: string })
  .version;

let t: TestApp;
let served: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  served = res.json();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/docs/openapi.json', () => {
  it('is an OpenAPI 3.1 document carrying the package version', () => {
    expect(served.openapi).toBe('3.1.0');
    expect(served.info.version).toBe(packageVersion);
    expect(served.info.title).toBeTruthy();
    expect(served.components.schemas.Error).toMatchObject({ required: ['error'] });
    expect(Object.keys(served.components.securitySchemes).sort()).toEqual(['bearerAuth', 'cookieAuth']);
  });

  it('passes `redocly lint` with the project’s redocly.yaml: no error, no warning', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(served));
    const root = path.resolve(import.meta.dirname, '../../..');
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    try {
      // Exits 1 on an error; warnings leave it at 0, so the JSON report is read either way.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format=json'],
        // No telemetry or update check: the machine may have no internet.
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('names its server and describes every tag, as linters and Swagger UI ask', () => {
    // `redocly lint` refused the document without `servers` and warned for every bare tag.
    expect(served.servers).toEqual([{ url: '/', description: 'Este servidor' }]);
    const bare = served.tags.filter((tag) => !tag.description?.trim()).map((tag) => tag.name);
    expect(bare).toEqual([]);
    expect(served.tags.length).toBeGreaterThan(10);
  });

  it('documents every registered REST route with its method, summary and answer', () => {
    expect(restRoutes.length).toBeGreaterThan(0);
    for (const route of restRoutes) {
      const operation = served.paths[toOpenApiPath(route.path).path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} /api${route.path}`).toBeDefined();
      expect(operation?.summary.trim(), `${route.method} /api${route.path} summary`).not.toBe('');
      expect(route.response, `${route.method} /api${route.path} has no response schema`).toBeDefined();
      const success = String(route.successStatus ?? 200);
      // A route that answers a file documents its bytes (ADR 019), a download its content type
      // (ADR 015); every other one its JSON.
      const media = route.binding.fileAnswer
        ? '*/*'
        : (route.binding.download?.contentType ?? 'application/json');
      expect(operation?.responses[success]?.content?.[media]?.schema).toBeDefined();
    }
  });

  it('has nothing but the REST routes in it (no docs or SPA paths)', () => {
    const documented = Object.entries(served.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = restRoutes.map((r) => `${r.method} ${toOpenApiPath(r.path).path}`);
    expect(documented.sort()).toEqual(expected.sort());
  });

  it('asks for credentials exactly on the non-public routes', () => {
    for (const route of restRoutes) {
      const operation = served.paths[toOpenApiPath(route.path).path]?.[route.method.toLowerCase()];
      if (route.access === 'public') expect(operation?.security).toEqual([]);
      else expect(operation?.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    }
  });

  it('describes the login body from the shared zod schema and its errors as {error}', () => {
    const login = served.paths['/api/auth/login']?.post;
    const schema = login?.requestBody?.content['application/json']?.schema;
    expect(schema).toMatchObject({ type: 'object', required: ['email', 'password'] });
    expect(login?.responses['400']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(login?.responses['429']).toBeDefined();
  });
});

describe('GET /api/docs', () => {
  it('answers the browsable UI as HTML, with its assets served locally', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/api/docs/')).toBe(true);
      const asset = await t.request({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
    }
  });

  it('stays under the CSP that allows only our own scripts', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
  });
});

describe('buildOpenApiDocument', () => {
  const routes = procedureRoutesOf(
    createTRPCRouter({
      things: createTRPCRouter({
        get: procedureFor('admin')
          .meta({
            openapi: {
              method: 'GET',
              path: '/things/{id}',
              tags: ['things'],
              summary: 'Uma coisa',
              errorResponses: { 404: 'Coisa não encontrada' },
            },
          })
          .input(
            z.object({
              id: z.string().describe('Identificador'),
              page: z.coerce.number().int().optional(),
              q: z.string(),
            }),
          )
          .output(z.object({ id: z.string() }))
          .query(({ input }) => ({ id: input.id })),
        create: procedureFor('member')
          .meta({
            successStatus: 201,
            openapi: { method: 'POST', path: '/things', tags: ['things'], summary: 'Cria uma coisa' },
          })
          .input(z.object({ name: z.string() }))
          .output(z.object({ id: z.string() }))
          .mutation(() => ({ id: '1' })),
      }),
    }),
  );
  const document = buildOpenApiDocument(routes, { version: '9.9.9' });

  it('turns :params into {params} with required path parameters', () => {
    const operation = document.paths['/api/things/{id}']?.get;
    expect(operation?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, description: 'Identificador', schema: expect.any(Object) },
      { name: 'page', in: 'query', required: false, schema: expect.objectContaining({ type: 'integer' }) },
      { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
    ]);
    expect(document.info.version).toBe('9.9.9');
  });

  it('documents the implicit statuses of a protected route next to its own', () => {
    const get = document.paths['/api/things/{id}']?.get;
    expect(Object.keys(get?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(get?.responses['404']?.description).toBe('Coisa não encontrada');
    const post = document.paths['/api/things']?.post;
    expect(Object.keys(post?.responses ?? {}).sort()).toEqual(['201', '400', '401', '403', '503']);
    expect(post?.responses['503']?.description).toBe(
      'O servidor está sem espaço para gravar. Tente novamente em instantes.',
    );
    expect(post?.requestBody?.required).toBe(true);
    expect(post?.operationId).toBe('postThings');
  });

  it('hoists schemas that zod extracts (recursive ones) into components', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.object({ name: z.string(), children: z.array(z.lazy(() => node)) });
    const doc = buildOpenApiDocument(
      procedureRoutesOf(
        createTRPCRouter({
          tree: createTRPCRouter({
            get: procedureFor('public')
              .meta({ openapi: { method: 'GET', path: '/tree', tags: ['tree'], summary: 'Árvore' } })
              .output(z.object({ root: node }))
              .query(() => ({ root: { name: 'a', children: [] } })),
          }),
        }),
      ),
    );
    const text = JSON.stringify(doc);
    expect(text).not.toContain('#/$defs/');
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(doc.components.schemas[name], name).toBeDefined();
  });
});
