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
import { TEXTS } from '../../../texts';

/** The area's accent and ink (config.css): SVG attributes cannot read CSS variables. */
const ACCENT = '#2f5d50';
const SECOND = '#c0843d';
const GRID = '#e3e3e0';
const CHART_HEIGHT = 260;
const FUNNEL_HEIGHT = 200;

export interface DayPoint {
  label: string;
  visits: number;
  pageviews: number;
}

export function TrafficChart({ data }: { data: DayPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tickLine={false} minTickGap={24} fontSize={12} />
        <YAxis allowDecimals={false} tickLine={false} width={40} fontSize={12} />
        <Tooltip />
        <Legend />
        <Line
          type="linear"
          dataKey="visits"
          name={TEXTS.visits}
          stroke={ACCENT}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="linear"
          dataKey="pageviews"
          name={TEXTS.pageViews}
          stroke={SECOND}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars: the step names stay readable on a phone. */
export function FunnelChart({ data }: { data: { label: string; count: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={FUNNEL_HEIGHT}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tickLine={false} fontSize={12} />
        <YAxis type="category" dataKey="label" tickLine={false} width={120} fontSize={12} />
        <Tooltip />
        <Bar
          dataKey="count"
          name={TEXTS.funnelCount}
          fill={ACCENT}
          radius={[0, 6, 6, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
