/**
 * /admin/month-close ("Fechamento do mês", docs/decisions/054-month-close.md): the payments paid
 * in a São Paulo month and what became of them, by channel, with the provider's fees and the net;
 * each figure opens the payments behind it; the accountant's CSV downloads the month.
 */
import { formatDate, formatMoney } from '../../../../shared/format';
import {
  MONTH_CLOSE_CHANNEL_LABELS,
  MONTH_CLOSE_CHANNELS,
  MONTH_CLOSE_FIGURE_LABELS,
  MONTH_CLOSE_FIGURES,
  MONTH_CLOSE_MSG,
  type MonthCloseChannel,
  type MonthCloseFigure,
} from '../../../../shared/month-close';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/root';
import { errorText } from '../../../lib/errors';
import { nextListSearch } from '../../../lib/list-search';
import { currentMonth, type MonthCloseSearch } from '../../../lib/month-close-search';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-finance.css';
import { Alert } from '../../ui/Alert';
import { DataTable, type Column } from '../../ui/DataTable';

const PAGE_SIZE = 20;

type Outputs = inferRouterOutputs<AppRouter>['monthClose'];
type Line = Outputs['figures']['total'];
type ClosePayment = Outputs['payments']['payments'][number];
type Place = MonthCloseChannel | 'total';

const PLACES: readonly Place[] = [...MONTH_CLOSE_CHANNELS, 'total'];
const placeLabel = (place: Place) => (place === 'total' ? 'Total' : MONTH_CLOSE_CHANNEL_LABELS[place]);

/** "novembro de 2026" */
function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 15)),
  );
}

/** A figure as the owner reads it: money, or "a confirmar" while the provider has not said. */
function figureText(line: Line, figure: MonthCloseFigure): string {
  if (figure === 'net') return line.net === null ? MONTH_CLOSE_MSG.toConfirm : formatMoney(line.net);
  const money = formatMoney(line[figure]);
  return figure === 'fees' && line.feesUnknown > 0
    ? `${money} + ${line.feesUnknown} ${MONTH_CLOSE_MSG.toConfirm}`
    : money;
}

export function MonthClosePage({
  search: params,
  navigate,
}: {
  search: MonthCloseSearch;
  navigate: (next: MonthCloseSearch) => void;
}) {
  const month = params.month ?? currentMonth();
  const update = (change: Partial<MonthCloseSearch>) => navigate(nextListSearch(params, change));
  const close = trpc.monthClose.figures.useQuery({ month }, { placeholderData: (previous) => previous });

  return (
    <div className="finance-page">
      <section className="card adm-card" aria-labelledby="month-close-title">
        <div className="finance-toolbar">
          <h2 id="month-close-title">Fechamento de {monthName(month)}</h2>
          <a
            className="btn btn--secondary btn--sm"
            href={`/api/admin/month-close/export.csv?month=${month}`}
            download
          >
            Baixar CSV para o contador
          </a>
        </div>
        <p className="adm-card__intro">
          Pagamentos pagos no mês (horário de São Paulo) e o que aconteceu com eles. Taxas, líquido e previsão
          de repasse vêm do provedor de pagamento; enquanto ele não informa, aparecem como “a confirmar”.
          Clique num valor para ver os pagamentos por trás dele.
        </p>
        <div className="adm-filters">
          <label className="field">
            <span className="field__label">Mês</span>
            <input
              className="field__input"
              type="month"
              value={month}
              max={currentMonth()}
              onChange={(event) =>
                event.target.value &&
                navigate({
                  month: event.target.value,
                  figure: undefined,
                  channel: undefined,
                  page: undefined,
                })
              }
            />
          </label>
        </div>
        {close.isError ? (
          <Alert>{errorText(close.error, 'Erro ao carregar o fechamento')}</Alert>
        ) : !close.data ? (
          <p className="muted">Carregando…</p>
        ) : (
          <div className="month-close__scroll" tabIndex={0} role="region" aria-label="Números do mês">
            <table className="month-close__table" data-testid="month-close-figures">
              <caption className="sr-only">Fechamento de {monthName(month)} por canal</caption>
              <thead>
                <tr>
                  <th scope="col">Número</th>
                  {PLACES.map((place) => (
                    <th scope="col" key={place} className="num">
                      {placeLabel(place)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {MONTH_CLOSE_FIGURES.map((figure) => (
                  <tr key={figure}>
                    <th scope="row">{MONTH_CLOSE_FIGURE_LABELS[figure]}</th>
                    {PLACES.map((place) => {
                      const line = place === 'total' ? close.data.total : close.data.channels[place];
                      const channel = place === 'total' ? undefined : place;
                      const open = params.figure === figure && params.channel === channel;
                      return (
                        <td key={place} className="num">
                          <button
                            type="button"
                            className="link-button"
                            aria-pressed={open}
                            aria-label={`${MONTH_CLOSE_FIGURE_LABELS[figure]}, ${placeLabel(place)}: ${figureText(line, figure)}. Ver pagamentos`}
                            onClick={() => update({ figure, channel, page: undefined })}
                          >
                            {figureText(line, figure)}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {params.figure && (
        <FigurePayments
          month={month}
          figure={params.figure}
          channel={params.channel}
          page={params.page ?? 1}
          onPage={(page) => update({ page })}
        />
      )}
    </div>
  );
}

function FigurePayments({
  month,
  figure,
  channel,
  page,
  onPage,
}: {
  month: string;
  figure: MonthCloseFigure;
  channel: MonthCloseChannel | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const list = trpc.monthClose.payments.useQuery(
    { month, figure, channel, page, limit: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const title = `${MONTH_CLOSE_FIGURE_LABELS[figure]} · ${channel ? MONTH_CLOSE_CHANNEL_LABELS[channel] : 'Total'}`;
  return (
    <section className="card adm-card" aria-labelledby="month-close-payments-title">
      <h2 id="month-close-payments-title">{title}</h2>
      {list.isError ? (
        <Alert>{errorText(list.error, 'Erro ao carregar os pagamentos')}</Alert>
      ) : (
        <DataTable
          caption={`Pagamentos: ${title}`}
          columns={PAYMENT_COLUMNS}
          rows={list.data?.payments}
          rowKey={(payment) => payment.id}
          rowProps={() => ({ 'data-testid': 'month-close-payment' })}
          loading={list.isPending}
          busy={list.isFetching}
          empty="Nenhum pagamento neste número."
          pagination={
            list.data && {
              page: list.data.pagination.page,
              pages: Math.max(1, list.data.pagination.pages),
              onPage,
              summary: `${list.data.pagination.total} ${list.data.pagination.total === 1 ? 'pagamento' : 'pagamentos'}`,
            }
          }
          pagerLabel="Paginação dos pagamentos do fechamento"
        />
      )}
    </section>
  );
}

const money = (cents: number | null) => (cents === null ? MONTH_CLOSE_MSG.toConfirm : formatMoney(cents));

const PAYMENT_COLUMNS: Column<ClosePayment>[] = [
  { key: 'paidAt', header: 'Pago em', cell: (payment) => formatDate(payment.paidAt) },
  { key: 'name', header: 'Assinante', rowHeader: true, cell: (payment) => payment.subscriberName },
  { key: 'channel', header: 'Canal', cell: (payment) => MONTH_CLOSE_CHANNEL_LABELS[payment.channel] },
  { key: 'status', header: 'Situação', cell: (payment) => payment.statusLabel },
  { key: 'amount', header: 'Valor', numeric: true, cell: (payment) => formatMoney(payment.amount) },
  { key: 'fee', header: 'Taxa', numeric: true, cell: (payment) => money(payment.fee) },
  { key: 'net', header: 'Líquido', numeric: true, cell: (payment) => money(payment.net) },
  {
    key: 'payout',
    header: 'Repasse previsto',
    cell: (payment) => (payment.payoutDate ? formatDate(payment.payoutDate) : MONTH_CLOSE_MSG.toConfirm),
  },
];
