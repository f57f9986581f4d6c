import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { labelledMonths, type ChartRow } from './chart-rows';

type Series = { key: keyof ChartRow; name: string; colour: string; axis?: 'left' | 'right' };

function Chart({
  title,
  rows,
  series,
  kind = 'line',
  reversed = false,
}: {
  title: string;
  rows: ChartRow[];
  series: Series[];
  kind?: 'line' | 'bar';
  reversed?: boolean;
}) {
  const hasRight = series.some((s) => s.axis === 'right');
  const Graph = kind === 'bar' ? BarChart : LineChart;
  // Every month has its tick; the labels are evenly spaced (recharts' own thinning drops labels unevenly).
  const labelled = labelledMonths(rows.length);
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <div className="h-56 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <Graph data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis
              dataKey="month"
              fontSize={12}
              interval={0}
              tickFormatter={(month: string, index: number) => (labelled.has(index) ? month : '')}
            />
            <YAxis yAxisId="left" fontSize={12} reversed={reversed} allowDecimals={false} />
            {hasRight && <YAxis yAxisId="right" orientation="right" fontSize={12} />}
            <Tooltip />
            <Legend />
            {series.map((s) =>
              kind === 'bar' ? (
                <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} stackId="a" yAxisId={s.axis ?? 'left'} />
              ) : (
                <Line
                  key={s.key}
                  dataKey={s.key}
                  name={s.name}
                  stroke={s.colour}
                  strokeWidth={2}
                  dot={false}
                  connectNulls={false}
                  yAxisId={s.axis ?? 'left'}
                />
              ),
            )}
          </Graph>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

interface ChartSpec {
  title: string;
  series: Series[];
  kind?: 'line' | 'bar';
  reversed?: boolean;
}

const CHARTS: ChartSpec[] = [
  {
    title: 'Website traffic',
    kind: 'bar',
    series: [
      { key: 'organic', name: 'Organic', colour: '#2563eb' },
      { key: 'paid', name: 'Paid', colour: '#f59e0b' },
    ],
  },
  {
    title: 'Conversions',
    series: [
      { key: 'conversions', name: 'Conversions', colour: '#16a34a' },
      { key: 'conversionRate', name: 'Rate %', colour: '#9333ea', axis: 'right' },
    ],
  },
  {
    title: 'Search ranking (lower is better)',
    reversed: true,
    series: [{ key: 'searchRanking', name: 'Average position', colour: '#0ea5e9' }],
  },
  { title: 'Backlinks', series: [{ key: 'backlinks', name: 'Backlinks', colour: '#64748b' }] },
  {
    title: 'Social media',
    series: [
      { key: 'socialEngagement', name: 'Engagement', colour: '#db2777' },
      { key: 'followerGrowth', name: 'New followers', colour: '#0d9488', axis: 'right' },
    ],
  },
  {
    title: 'Paid ads',
    series: [
      { key: 'clickThroughRate', name: 'CTR %', colour: '#ea580c' },
      { key: 'costPerClick', name: 'CPC $', colour: '#4f46e5', axis: 'right' },
    ],
  },
];

/** The monthly report charts; one column on a phone, two on wider screens. */
export function ReportCharts({ rows }: { rows: ChartRow[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {CHARTS.map((chart) => (
        <Chart key={chart.title} rows={rows} {...chart} />
      ))}
    </div>
  );
}
