/**
 * CSV import (ADR 015): the admin picks a file with the export's columns, sees a dry-run report row
 * by row (create, update by e-mail, unchanged, rejected and why), then applies it.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import {
  SUBSCRIBER_CSV_MSG,
  SUBSCRIBER_IMPORT_ACTION_LABELS,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  subscriberImportReport,
  type SubscriberImportInput,
  type SubscriberImportReport,
} from '../../../../shared/subscriber-csv';
import { apiPost } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';

const IMPORT_PATH = '/api/admin/subscribers/import';

/**
 * The file's bytes in base64: the server finds the encoding (a "CSV (separado por vírgulas)" from
 * Excel is Windows-1252, which the browser's `file.text()` would turn into "Jo�o").
 */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [report, setReport] = useState<SubscriberImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const utils = trpc.useUtils();

  function close() {
    setFile(null);
    setFileName('');
    setReport(null);
    setError(null);
    onClose();
  }

  async function pick(picked: File | undefined) {
    setReport(null);
    setError(null);
    setFile(null);
    if (!picked) return;
    if (picked.size > SUBSCRIBER_IMPORT_MAX_BYTES) {
      setError(SUBSCRIBER_CSV_MSG.tooLarge);
      return;
    }
    setFileName(picked.name);
    setFile(await base64Of(picked));
  }

  async function run(apply: boolean) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await apiPost(IMPORT_PATH, subscriberImportReport, {
        file,
        apply,
      } satisfies SubscriberImportInput);
      setReport(answer);
      if (apply) {
        toast.success(
          `Importação concluída: ${answer.totals.create} criado(s), ${answer.totals.update} atualizado(s), ${answer.totals.reject} rejeitado(s).`,
        );
        void utils.subscribers.list.invalidate();
      }
    } catch (caught) {
      setError(errorText(caught, SUBSCRIBER_CSV_MSG.importFailed));
    } finally {
      setBusy(false);
    }
  }

  const pending = report && !report.applied && report.totals.create + report.totals.update > 0;

  return (
    <Dialog open={open} onClose={close} title="Importar assinantes (CSV)" size="lg">
      <div className="sub-form">
        <p>
          Use as mesmas colunas da exportação (Nome completo, Email e Telefone são obrigatórias). Assinantes
          já cadastrados são encontrados pelo email e atualizados; células vazias mantêm o valor salvo. Até
          5.000 linhas e 2 MB por arquivo.
        </p>
        <TextField
          label="Arquivo CSV"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        {error && <Alert>{error}</Alert>}
        <div className="sub-form__actions">
          <Button variant="secondary" onClick={close}>
            Fechar
          </Button>
          <Button
            variant="secondary"
            disabled={!file}
            loading={busy && !pending}
            onClick={() => void run(false)}
          >
            Simular importação
          </Button>
          {pending && (
            <Button loading={busy} loadingLabel="Importando..." onClick={() => void run(true)}>
              Aplicar importação
            </Button>
          )}
        </div>
        {report && (
          <section aria-labelledby="import-report-title">
            <h3 id="import-report-title">
              {report.applied ? 'Importação aplicada' : 'Simulação'} — {fileName}
            </h3>
            <p role="status">
              {report.totals.create} a criar, {report.totals.update} a atualizar, {report.totals.unchanged}{' '}
              sem mudanças, {report.totals.reject} rejeitada(s).
              {report.applied ? ' As linhas válidas foram gravadas.' : ' Nada foi gravado ainda.'}
            </p>
            <p>
              {report.dialectMessage}. {report.encodingMessage}.
            </p>
            {report.unknownColumns.length > 0 && (
              <Alert tone="info">{SUBSCRIBER_CSV_MSG.unknownColumns(report.unknownColumns)}</Alert>
            )}
            <div className="sub-table-wrap">
              <table className="sub-report">
                <thead>
                  <tr>
                    <th scope="col">Linha</th>
                    <th scope="col">Email</th>
                    <th scope="col">Resultado</th>
                    <th scope="col">Detalhes</th>
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row) => (
                    <tr key={row.line} className={row.action === 'reject' ? 'is-rejected' : undefined}>
                      <td>{row.line}</td>
                      <td>{row.email || '—'}</td>
                      <td>{SUBSCRIBER_IMPORT_ACTION_LABELS[row.action]}</td>
                      <td>
                        {row.errors.length > 0
                          ? row.errors.join('; ')
                          : row.changes.length > 0
                            ? `Muda: ${row.changes.join(', ')}`
                            : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}
      </div>
    </Dialog>
  );
}
