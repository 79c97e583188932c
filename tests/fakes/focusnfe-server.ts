/**
 * A fake Focus NFe NFS-e API (v2) on loopback (node:http), written from its public documentation
 * (focusnfe.com.br/doc, "NFSe"): the token as the Basic user; `POST /v2/nfse?ref=` answers
 * `processando_autorizacao`; `GET /v2/nfse/REF` answers the invoice's status, which becomes
 * `autorizado` (with `numero`, `codigo_verificacao`, `url`) at the first query, or `erro_autorizacao`
 * with `erros[{codigo, mensagem, correcao}]` when told to reject; `DELETE /v2/nfse/REF` with
 * `{justificativa}` (15 to 255 characters) answers `cancelado`, `erro_cancelamento` when told to
 * refuse, and `{codigo: "nfe_cancelada"}` when it already was. It can fail (500) or carry out a
 * request and lose its answer (the socket is closed before any reply), and it records every request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_FOCUSNFE_TOKEN = 'focus-token-de-homologacao-secreto';

export interface FocusRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

interface FakeInvoice {
  status: 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado';
  numero?: string;
  rejection?: { codigo: string; mensagem: string };
  body: Record<string, unknown>;
}

export interface FakeFocusNfe {
  apiUrl: string;
  requests: FocusRequest[];
  invoices: Map<string, FakeInvoice>;
  /** The next invoice received is refused by the city at its first query. */
  rejectNext(codigo: string, mensagem: string): void;
  /** The next cancellation is refused with this message. */
  refuseNextCancel(codigo: string, mensagem: string): void;
  /** Answers the next `times` requests 500 without acting on them. */
  fail(times?: number): void;
  /** Acts on the next `times` requests, then closes the socket without an answer. */
  loseAnswers(times?: number): void;
  appEnv(): Record<string, string>;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

export async function startFakeFocusNfe(token = FAKE_FOCUSNFE_TOKEN): Promise<FakeFocusNfe> {
  const expected = `Basic ${Buffer.from(`${token}:`).toString('base64')}`;
  let failures = 0;
  let losses = 0;
  let lastNumber = 4948;
  let rejection: { codigo: string; mensagem: string } | null = null;
  let cancelRefusal: { codigo: string; mensagem: string } | null = null;
  const fake = {
    requests: [] as FocusRequest[],
    invoices: new Map<string, FakeInvoice>(),
  };

  function view(ref: string, invoice: FakeInvoice) {
    const common = { cnpj_prestador: '11222333000181', ref, numero_rps: '1', serie_rps: '1' };
    if (invoice.status === 'erro_autorizacao') {
      return { ...common, status: invoice.status, erros: [{ ...invoice.rejection, correcao: null }] };
    }
    if (invoice.status === 'processando_autorizacao') return { ...common, status: invoice.status };
    return {
      ...common,
      status: invoice.status,
      numero: invoice.numero,
      codigo_verificacao: 'DU1M-M2Y',
      data_emissao: '2026-11-22T09:00:00-03:00',
      url: `https://nfse.prefeitura.example/consulta?num=${invoice.numero}&cod=DU1M-M2Y`,
    };
  }

  function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: Record<string, unknown> | null;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      return json(res, 400, { codigo: 'requisicao_invalida', mensagem: 'JSON inválido' });
    }
    fake.requests.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      body,
    });
    if (failures > 0) {
      failures -= 1;
      return json(res, 500, { codigo: 'erro_interno', mensagem: 'Erro interno' });
    }
    if (req.headers.authorization !== expected) {
      return json(res, 403, { codigo: 'permissao_negada', mensagem: 'Token inválido' });
    }
    const lose = losses > 0;
    if (lose) losses -= 1;
    const reply = (status: number, payload: unknown) => (lose ? res.destroy() : json(res, status, payload));

    if (req.method === 'POST' && url.pathname === '/v2/nfse') {
      const ref = url.searchParams.get('ref') ?? '';
      const prestador = body?.prestador as Record<string, unknown> | undefined;
      if (!ref)
        return reply(400, { codigo: 'requisicao_invalida', mensagem: 'Parâmetro "ref" não informado' });
      if (!prestador?.codigo_municipio) {
        return reply(400, {
          codigo: 'requisicao_invalida',
          mensagem: 'Parâmetro "prestador.codigo_municipio" não informado',
        });
      }
      const known = fake.invoices.get(ref);
      if (known && known.status !== 'erro_autorizacao') {
        return reply(422, { codigo: 'nfe_autorizada', mensagem: 'Nota fiscal já autorizada' });
      }
      fake.invoices.set(ref, {
        status: 'processando_autorizacao',
        body: body ?? {},
        ...(rejection ? { rejection } : {}),
      });
      rejection = null;
      return reply(202, { cnpj_prestador: prestador.cnpj, ref, status: 'processando_autorizacao' });
    }
    const match = /^\/v2\/nfse\/([^/]+)$/.exec(url.pathname);
    const ref = match ? decodeURIComponent(match[1]!) : '';
    const invoice = fake.invoices.get(ref);
    if (match && req.method === 'GET') {
      if (!invoice) return reply(404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' });
      if (invoice.status === 'processando_autorizacao') {
        if (invoice.rejection) invoice.status = 'erro_autorizacao';
        else {
          lastNumber += 1;
          invoice.status = 'autorizado';
          invoice.numero = String(lastNumber);
        }
      }
      return reply(200, view(ref, invoice));
    }
    if (match && req.method === 'DELETE') {
      if (!invoice) return reply(404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' });
      const reason = typeof body?.justificativa === 'string' ? body.justificativa : '';
      if (reason.length < 15 || reason.length > 255) {
        return reply(400, {
          codigo: 'requisicao_invalida',
          mensagem: 'Justificativa deve conter de 15 a 255 caracteres',
        });
      }
      if (invoice.status === 'cancelado') {
        return reply(400, { codigo: 'nfe_cancelada', mensagem: 'Nota Fiscal já cancelada' });
      }
      if (cancelRefusal) {
        const erros = [{ ...cancelRefusal, correcao: null }];
        cancelRefusal = null;
        return reply(200, { status: 'erro_cancelamento', erros });
      }
      invoice.status = 'cancelado';
      return reply(200, { status: 'cancelado' });
    }
    return json(res, 404, { codigo: 'nao_encontrado', mensagem: 'Recurso não encontrado' });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    apiUrl,
    rejectNext(codigo: string, mensagem: string) {
      rejection = { codigo, mensagem };
    },
    refuseNextCancel(codigo: string, mensagem: string) {
      cancelRefusal = { codigo, mensagem };
    },
    fail(times = 1) {
      failures = times;
    },
    loseAnswers(times = 1) {
      losses = times;
    },
    appEnv: () => ({
      INVOICE_PROVIDER: 'focusnfe',
      FOCUSNFE_TOKEN: token,
      FOCUSNFE_API_URL: apiUrl,
      INVOICE_MUNICIPAL_REGISTRATION: '12345',
      INVOICE_CITY_CODE: '3550308',
      INVOICE_SERVICE_ITEM: '1201',
      INVOICE_TAX_RATE: '2',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
