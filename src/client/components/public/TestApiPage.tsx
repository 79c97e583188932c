/**
 * Internal API test panel (docs/product/public-site-and-checkout.md §2): three checks, each showing the raw JSON answer or the
 * error. The provider checks say which provider is configured and whether it answers; the server
 * never includes secrets in them.
 */
import { useState } from 'react';
import { ApiError, apiGet } from '../../lib/api';
import { Button } from '../ui/Button';
import { PageHead } from './PageHead';
import { PublicLayout } from './PublicLayout';

const CHECKS = [
  { key: 'health', label: 'Testar saúde da API', path: '/api/health' },
  { key: 'pagarme', label: 'Testar provedor de cartão', path: '/api/test/pagarme' },
  { key: 'whatsapp', label: 'Testar mensageria', path: '/api/test/whatsapp' },
] as const;

type CheckKey = (typeof CHECKS)[number]['key'];
type Result = { ok: true; data: unknown } | { ok: false; error: string; data?: unknown };

export function TestApiPage() {
  const [results, setResults] = useState<Partial<Record<CheckKey, Result>>>({});
  // Each check has its own busy state: several may run at once.
  const [running, setRunning] = useState<ReadonlySet<CheckKey>>(() => new Set());
  const setCheckRunning = (key: CheckKey, busy: boolean) =>
    setRunning((current) => {
      const next = new Set(current);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });
  const baseUrl = `${window.location.origin}/api`;

  async function run(key: CheckKey, path: string) {
    setCheckRunning(key, true);
    try {
      const data = await apiGet(path);
      setResults((current) => ({ ...current, [key]: { ok: true, data } }));
    } catch (error) {
      const result: Result =
        error instanceof ApiError
          ? { ok: false, error: error.message, data: error.body }
          : { ok: false, error: error instanceof Error ? error.message : String(error) };
      setResults((current) => ({ ...current, [key]: result }));
    } finally {
      setCheckRunning(key, false);
    }
  }

  return (
    <PublicLayout title="Teste da API">
      <PageHead eyebrow="Diagnóstico" title="Teste da API">
        <p>
          URL base da API: <code>{baseUrl}</code>
        </p>
      </PageHead>
      <div className="pub-section">
        <div className="pub-container pub-narrow test-api">
          {CHECKS.map((check) => {
            const result = results[check.key];
            return (
              <section
                key={check.key}
                className="card test-api__check"
                aria-labelledby={`check-${check.key}`}
              >
                <div className="test-api__head">
                  <h2 id={`check-${check.key}`}>
                    <code>GET {check.path}</code>
                  </h2>
                  <Button
                    onClick={() => void run(check.key, check.path)}
                    loading={running.has(check.key)}
                    loadingLabel="Testando..."
                  >
                    {check.label}
                  </Button>
                </div>
                <div aria-live="polite">
                  {result && !result.ok && (
                    <div className="alert alert--error" role="alert">
                      Erro: {result.error}
                    </div>
                  )}
                  {result && result.data !== undefined && (
                    <pre className="test-api__json" tabIndex={0} aria-label={`Resposta de ${check.path}`}>
                      {JSON.stringify(result.data, null, 2)}
                    </pre>
                  )}
                </div>
              </section>
            );
          })}
        </div>
      </div>
    </PublicLayout>
  );
}
