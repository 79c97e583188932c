/** The activity log (ADR 029): exports of members' data, deletion requests and their completion. */
import { formatDateTime } from '../../../../shared/format';
import { PRIVACY_MSG, type ActivityEntry } from '../../../../shared/privacy-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Pager } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { PageLoading } from '../../ui/PageLoading';
import { AdmTable } from '../AdmTable';

const ACTOR_KIND: Record<ActivityEntry['actorKind'], string> = {
  admin: 'Administrador',
  member: 'Confrade',
  system: 'Sistema',
};

function actorOf(entry: ActivityEntry): string {
  if (entry.actorName) return `${entry.actorName} (${ACTOR_KIND[entry.actorKind].toLowerCase()})`;
  return entry.actorKind === 'member' ? 'Confrade (conta encerrada)' : ACTOR_KIND[entry.actorKind];
}

export function ActivityLogPanel({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const list = trpc.privacy.activity.useQuery({ page }, { placeholderData: (last) => last });
  return (
    <section className="card adm-card" aria-labelledby="activity-log-title">
      <h2 id="activity-log-title">Registro de atividades</h2>
      <p className="adm-card__intro">
        Quem exportou ou excluiu dados pessoais, e quando: exportações feitas pelos confrades e pelo painel,
        pedidos de exclusão e sua conclusão, assinantes excluídos.
      </p>
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <Alert>{errorText(list.error, PRIVACY_MSG.activityLoadFailed)}</Alert>
      ) : list.data.entries.length === 0 ? (
        <EmptyState>Nenhuma atividade registrada.</EmptyState>
      ) : (
        <>
          <AdmTable caption="Registro de atividades" columns={['Data', 'Atividade', 'Por', 'Assinante']}>
            {list.data.entries.map((entry) => (
              <tr key={entry.id} data-testid="activity-entry">
                <td data-label="Data">
                  <div>{formatDateTime(entry.createdAt)}</div>
                </td>
                <td data-label="Atividade">
                  <div>{entry.label}</div>
                </td>
                <td data-label="Por">
                  <div>{actorOf(entry)}</div>
                </td>
                <td data-label="Assinante">
                  <div>{entry.subscriber?.fullName ?? '—'}</div>
                </td>
              </tr>
            ))}
          </AdmTable>
          <Pager
            page={page}
            pages={list.data.pagination.pages}
            onPage={onPage}
            label="Paginação do registro de atividades"
          />
        </>
      )}
    </section>
  );
}
