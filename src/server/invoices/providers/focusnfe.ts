/**
 * Focus NFe's NFS-e API (v2), as its public documentation describes it (focusnfe.com.br/doc, the
 * FocusNFe/api-doc repository): the token as the Basic user with an empty password;
 * `POST /v2/nfse?ref=REF` queues an invoice (`processando_autorizacao`, or a `{codigo, mensagem}`
 * refusal); `GET /v2/nfse/REF` answers its `status` (`processando_autorizacao`, `autorizado` with
 * `numero`, `url`, `url_danfse`; `erro_autorizacao` with `erros[{codigo, mensagem}]`; `cancelado`);
 * `DELETE /v2/nfse/REF` with `{justificativa}` (15 to 255 characters) cancels it synchronously
 * (`cancelado`, or `erro_cancelamento` with `erros`; `nfe_cancelada` when it already was).
 * What is inferred rather than documented is listed in the ADR.
 */
import { providerText } from '../../lib/provider-status';
import {
  InvoiceProviderUnavailable,
  type CancelAnswer,
  type InvoiceProvider,
  type InvoiceState,
  type IssueInvoiceInput,
} from './types';

export interface FocusNfeOptions {
  /** `https://api.focusnfe.com.br` (produção) or `https://homologacao.focusnfe.com.br`. */
  apiUrl: string;
  token: string;
  /** The club's municipal registration (inscrição municipal) and its city's IBGE code. */
  municipalRegistration: string;
  cityCode: string;
  /** The service's item in the city's list (item_lista_servico) and the ISS rate, in percent. */
  serviceItem: string;
  taxRate: number;
  timeoutMs?: number;
}

export const FOCUSNFE_MSG = {
  unavailable: 'Focus NFe indisponível no momento',
  refused: 'A Focus NFe recusou a nota',
} as const;

interface FocusError {
  codigo?: string;
  mensagem?: string;
}
interface FocusInvoice {
  status?: string;
  numero?: string | number;
  url?: string | null;
  url_danfse?: string | null;
  erros?: FocusError[];
  codigo?: string;
  mensagem?: string;
}

/** "E145: Regime Especial…; E10: …": the provider's own words, as the owner will read them. */
function errorsText(body: FocusInvoice, secrets: string[]): string {
  const parts = (body.erros ?? []).map((e) => [e.codigo, e.mensagem].filter(Boolean).join(': '));
  if (parts.length === 0 && body.mensagem) parts.push(body.mensagem);
  return providerText(parts.filter(Boolean).join('; ') || FOCUSNFE_MSG.refused, secrets);
}

/** Reais with two decimals, as the API's examples send `valor_servicos`. */
const reais = (cents: number) => Number((cents / 100).toFixed(2));

/** The invoice's state from a query's (or a POST's) body. */
function stateOf(body: FocusInvoice, secrets: string[]): InvoiceState {
  switch (body.status) {
    case 'autorizado':
      return {
        status: 'authorized',
        number: String(body.numero ?? ''),
        url: body.url_danfse ?? body.url ?? null,
      };
    case 'cancelado':
      return {
        status: 'cancelled',
        number: body.numero === undefined ? null : String(body.numero),
        url: body.url_danfse ?? body.url ?? null,
      };
    case 'erro_autorizacao':
      return { status: 'rejected', error: errorsText(body, secrets) };
    case 'processando_autorizacao':
      return { status: 'processing' };
    default:
      // An answer we do not know (e.g. `substituido`): not ours to settle; asked again later.
      throw new InvoiceProviderUnavailable(`${FOCUSNFE_MSG.unavailable} (status ${body.status ?? '?'})`);
  }
}

export function createFocusNfeProvider(options: FocusNfeOptions): InvoiceProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.token}:`).toString('base64')}`;
  const secrets = [options.token];

  async function call(method: string, path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch {
      throw new InvoiceProviderUnavailable(FOCUSNFE_MSG.unavailable);
    }
    if (response.status >= 500 || response.status === 429) {
      throw new InvoiceProviderUnavailable(FOCUSNFE_MSG.unavailable, response.status);
    }
    const text = await response.text();
    try {
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as FocusInvoice };
    } catch {
      throw new InvoiceProviderUnavailable(FOCUSNFE_MSG.unavailable, response.status);
    }
  }

  const ref = (value: string) => encodeURIComponent(value);

  return {
    name: 'focusnfe',
    async issue(input: IssueInvoiceInput) {
      const cpf = input.customer.cpf;
      const { status, body } = await call('POST', `/v2/nfse?ref=${ref(input.ref)}`, {
        data_emissao: input.issuedAt.toISOString(),
        prestador: {
          cnpj: input.issuerTaxId,
          inscricao_municipal: options.municipalRegistration,
          codigo_municipio: options.cityCode,
        },
        tomador: {
          ...(cpf ? { cpf } : {}),
          razao_social: input.customer.name,
          email: input.customer.email,
        },
        servico: {
          aliquota: options.taxRate,
          discriminacao: input.description,
          iss_retido: false,
          item_lista_servico: options.serviceItem,
          valor_servicos: reais(input.amount),
        },
      });
      if (status === 401 || status === 403) {
        throw new InvoiceProviderUnavailable(`${FOCUSNFE_MSG.unavailable} (token recusado)`, status);
      }
      // A 4xx refusal (`requisicao_invalida`…): the invoice was not accepted for processing.
      if (status >= 400) return { status: 'rejected', error: errorsText(body, secrets) };
      return stateOf(body, secrets);
    },
    async query(value: string) {
      const { status, body } = await call('GET', `/v2/nfse/${ref(value)}`);
      if (status === 404) return { status: 'not_found' };
      if (status >= 400) throw new InvoiceProviderUnavailable(FOCUSNFE_MSG.unavailable, status);
      return stateOf(body, secrets);
    },
    async cancel(value: string, reason: string): Promise<CancelAnswer> {
      const { status, body } = await call('DELETE', `/v2/nfse/${ref(value)}`, { justificativa: reason });
      if (body.status === 'cancelado' || body.codigo === 'nfe_cancelada') return { status: 'cancelled' };
      if (status === 401 || status === 403 || status === 404) {
        throw new InvoiceProviderUnavailable(FOCUSNFE_MSG.unavailable, status);
      }
      return { status: 'refused', error: errorsText(body, secrets) };
    },
  };
}
