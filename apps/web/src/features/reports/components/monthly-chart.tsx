import type { TMonthlyMargin } from "@pevo/shared";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatMoney, formatMonth, formatNumber } from "@/lib/format";

/** The four series, coloured by the theme's chart variables (index.css), light and dark alike. */
const SERIES = [
  { key: "invoiced", name: "Invoiced", color: "var(--chart-invoiced)" },
  { key: "collected", name: "Collected", color: "var(--chart-collected)" },
  { key: "pevoPay", name: "PEVO pay", color: "var(--chart-pay)" },
  { key: "margin", name: "Margin", color: "var(--chart-margin)" },
] as const;

/** "$12k" on the axis. */
const axisMoney = (value: number) =>
  Math.abs(value) >= 1000 ? `$${formatNumber(Math.round(value / 1000))}k` : `$${value}`;

/**
 * The chart itself: loaded on its own (recharts is only in this chunk), when the dashboard shows it.
 * Screen readers read the visually hidden table beside it instead (MonthlyMarginCard).
 */
export default function MonthlyChart({ months }: { months: TMonthlyMargin[] }) {
  const data = months.map((m) => ({
    month: formatMonth(m.month, "short"),
    label: formatMonth(m.month),
    invoiced: Number(m.invoiced),
    collected: Number(m.collected),
    pevoPay: Number(m.pevoPay),
    margin: Number(m.margin),
  }));
  return (
    <div aria-hidden="true" className="h-72 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        {/* No accessibility layer: Recharts 3 makes the chart a focusable application by default,
            which inside this aria-hidden picture is a keyboard stop with nothing to hear (axe's
            aria-hidden-focus); the figures are in the table beside it. */}
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
          barGap={1}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="month"
            tickLine={false}
            axisLine={{ stroke: "var(--border)" }}
            tick={{ fill: "var(--muted-foreground)" }}
            interval="preserveStartEnd"
            minTickGap={4}
          />
          <YAxis
            tickFormatter={axisMoney}
            tickLine={false}
            axisLine={false}
            width={44}
            tick={{ fill: "var(--muted-foreground)" }}
          />
          <Tooltip
            cursor={{ fill: "var(--muted)" }}
            contentStyle={{
              background: "var(--popover)",
              border: "1px solid var(--border)",
              borderRadius: 8,
              color: "var(--popover-foreground)",
            }}
            labelStyle={{ color: "var(--popover-foreground)", fontWeight: 600 }}
            labelFormatter={(_, payload) => payload?.[0]?.payload?.label ?? ""}
            formatter={(value) => formatMoney(Number(value))}
          />
          <Legend wrapperStyle={{ color: "var(--foreground)" }} iconSize={10} />
          {SERIES.slice(0, 3).map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              fill={s.color}
              radius={[2, 2, 0, 0]}
              isAnimationActive={false}
            />
          ))}
          <Line
            dataKey="margin"
            name="Margin"
            type="linear"
            isAnimationActive={false}
            stroke={SERIES[3].color}
            strokeWidth={2}
            dot={{ r: 2, fill: SERIES[3].color }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
