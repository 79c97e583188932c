import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney, formatMoneyCompact } from '../../../../shared/format';

interface MonthFigure {
  month: string;
  label: string;
  value: number;
}

/**
 * A chart with its figures as a table. The drawing is hidden from assistive technology (an SVG of
 * bars says nothing to a screen reader); the table in the <details> below it says everything.
 */
function ChartPanel({
  title,
  valueHeader,
  data,
  format,
  children,
}: {
  title: string;
  valueHeader: string;
  data: MonthFigure[];
  format: (value: number) => string;
  children: React.ReactElement;
}) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      <div className="chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <details className="chart-data">
        <summary>Ver os números</summary>
        <table className="data-table">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Mês</th>
              <th scope="col" className="num">
                {valueHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.month}>
                <th scope="row">{point.label}</th>
                <td className="num">{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

const AXIS = { fontSize: 12, fill: '#5f5a55' };
const formatCount = (value: number) => value.toLocaleString('pt-BR');

/** Revenue of the last 12 months and active members at each month's end (docs/product/back-office-and-member-area.md §2). */
export function DashboardCharts({
  revenueByMonth,
  activeMembersByMonth,
}: {
  revenueByMonth: MonthFigure[];
  activeMembersByMonth: MonthFigure[];
}) {
  return (
    <div className="finance-grid">
      <ChartPanel
        title="Receita dos últimos 12 meses"
        valueHeader="Receita"
        data={revenueByMonth}
        format={formatMoney}
      >
        <BarChart
          data={revenueByMonth}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="#e4ddd3" />
          <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" minTickGap={4} />
          <YAxis tick={AXIS} tickFormatter={formatMoneyCompact} width={84} />
          <Tooltip formatter={(value) => [formatMoney(Number(value)), 'Receita']} />
          <Bar dataKey="value" fill="#801f2b" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ChartPanel>
      <ChartPanel
        title="Membros ativos por mês"
        valueHeader="Membros ativos"
        data={activeMembersByMonth}
        format={formatCount}
      >
        <LineChart
          data={activeMembersByMonth}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="#e4ddd3" />
          <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" minTickGap={4} />
          <YAxis tick={AXIS} allowDecimals={false} width={40} />
          <Tooltip formatter={(value) => [formatCount(Number(value)), 'Membros ativos']} />
          <Line
            type="monotone"
            dataKey="value"
            stroke="#7f6430"
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartPanel>
    </div>
  );
}
