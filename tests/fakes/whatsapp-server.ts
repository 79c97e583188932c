/**
 * A fake WhatsApp Cloud API on loopback (node:http): `POST /v21.0/{phoneId}/messages` and
 * `GET /v21.0/{phoneId}`, with the Graph API's answer and error shapes. It can be told to fail
 * with a status (500 by default) a number of times, and it records every request it got.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WhatsAppRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export interface FakeWhatsAppServer {
  /** The API base for `WHATSAPP_API_URL`, e.g. `http://127.0.0.1:1234/v21.0`. */
  apiUrl: string;
  /** The Bearer token it accepts and the phone number id it serves. */
  token: string;
  phoneId: string;
  /** Every request, including the failed ones. */
  requests: WhatsAppRequest[];
  /** Bodies of the messages accepted (answered 200). */
  delivered: unknown[];
  /** Fails the next `times` requests (Infinity: until `recover()`) with this status. */
  fail(times?: number, status?: number, message?: string): void;
  recover(): void;
  /** Delay before each answer, to make sends overlap. */
  delayMs: number;
  /** The app's environment that points its Cloud API client here, with the token the fake accepts. */
  appEnv(): Record<'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_ID' | 'WHATSAPP_API_URL', string>;
  close(): Promise<void>;
}

export const FAKE_DISPLAY_NUMBER = '+55 11 99999-0000';
/** The token and phone number id the fake accepts unless told others. */
export const FAKE_WHATSAPP_TOKEN = 'EAAG-token-de-teste-secreto';
export const FAKE_WHATSAPP_PHONE_ID = '1234567890';

export async function startFakeWhatsAppServer({
  token = FAKE_WHATSAPP_TOKEN,
  phoneId = FAKE_WHATSAPP_PHONE_ID,
}: {
  token?: string;
  phoneId?: string;
} = {}): Promise<FakeWhatsAppServer> {
  let failures = 0;
  let failure = {
    status: 500,
    message: 'An unexpected error has occurred. Please retry your request later.',
  };
  let counter = 0;

  const fake: Omit<FakeWhatsAppServer, 'apiUrl' | 'appEnv' | 'close'> = {
    token,
    phoneId,
    requests: [],
    delivered: [],
    delayMs: 0,
    fail(times = Infinity, status = 500, message = failure.message) {
      failures = times;
      failure = { status, message };
    },
    recover() {
      failures = 0;
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      fake.requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      });
      setTimeout(() => answer(req, res, body), fake.delayMs);
    });
  });

  function send(res: http.ServerResponse, status: number, payload: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  }

  function answer(req: http.IncomingMessage, res: http.ServerResponse, body: unknown) {
    if (req.headers.authorization !== `Bearer ${token}`) {
      return send(res, 401, {
        error: {
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
        },
      });
    }
    if (failures > 0) {
      failures--;
      return send(res, failure.status, {
        error: { message: failure.message, type: 'OAuthException', code: 2 },
      });
    }
    if (req.method === 'GET' && req.url === `/v21.0/${phoneId}`) {
      return send(res, 200, {
        verified_name: 'Confraria',
        display_phone_number: FAKE_DISPLAY_NUMBER,
        id: phoneId,
        quality_rating: 'GREEN',
      });
    }
    if (req.method === 'POST' && req.url === `/v21.0/${phoneId}/messages`) {
      fake.delivered.push(body);
      const to = (body as { to?: string } | null)?.to ?? '';
      return send(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: `wamid.fake${++counter}` }],
      });
    }
    return send(res, 404, {
      error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 },
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const apiUrl = `http://127.0.0.1:${port}/v21.0`;
  return Object.assign(fake, {
    apiUrl,
    appEnv: () => ({ WHATSAPP_TOKEN: token, WHATSAPP_PHONE_ID: phoneId, WHATSAPP_API_URL: apiUrl }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
