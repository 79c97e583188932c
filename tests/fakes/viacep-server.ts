/**
 * A fake ViaCEP on loopback, answering with the recorded fixtures (tests/fixtures/viacep):
 * 01001000 → the real answer; 99999999 → `{"erro": "true"}` (today's form); 88888888 →
 * `{"erro": true}` (the older boolean form); 50000000 → HTTP 500; a malformed CEP → HTTP 400.
 * It counts requests so tests can prove the cache works.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../fixtures/viacep/${name}`, import.meta.url), 'utf8');

export interface FakeViaCep {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeViaCep(): Promise<FakeViaCep> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '';
    requests.push(path);
    const match = /^\/ws\/([^/]*)\/json\/?$/.exec(path);
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    };
    if (!match || !/^\d{8}$/.test(match[1] ?? '')) return send(400, '');
    switch (match[1]) {
      case '01001000':
        return send(200, fixture('01001000.json'));
      case '88888888':
        return send(200, '{"erro": true}');
      case '50000000':
        return send(500, '<html>erro</html>');
      default:
        return send(200, fixture('not-found.json'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
