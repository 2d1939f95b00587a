import { type ReactNode, useId } from "react";
import { CountTable, DataTable, tdClass, thClass } from "./ui";

// Hand-drawn SVG charts for the dashboard. Each is one image (role img) named by its title and
// a sentence that says what it shows, with the numbers in a table behind "Show as table". Bars
// are labelled with words and values, so nothing is told by colour alone; their fills have at
// least 3:1 contrast against white (WCAG 1.4.11).

/** Figure is a chart: its heading, its summary sentence, the drawing and its table. */
function Figure({
  title,
  summary,
  children,
  table,
}: {
  title: string;
  summary: string;
  children: (labelledBy: string) => ReactNode;
  table: ReactNode;
}) {
  const id = useId();
  return (
    <figure className="rounded-lg border border-slate-300 bg-white p-4">
      <figcaption>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p id={`${id}-summary`} className="mt-1 text-sm text-slate-700">
          {summary}
        </p>
      </figcaption>
      <div className="mt-3">{children(`${id}-title ${id}-summary`)}</div>
      <details className="mt-3">
        <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-md px-1 font-semibold text-indigo-700 underline underline-offset-2">
          Show as table
        </summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </figure>
  );
}

/** niceMax rounds a maximum up to 1, 2 or 5 times a power of ten (at least 1), for the axis. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** DailySeries is one kind of submission counted per day. */
export interface DailySeries {
  label: string;
  values: readonly number[];
}

/** busiest is a series' total and its busiest day (the first, on a tie). */
function busiest(dates: readonly string[], values: readonly number[]) {
  let at = 0;
  values.forEach((v, i) => {
    if (v > (values[at] ?? 0)) at = i;
  });
  return { total: values.reduce((a, b) => a + b, 0), date: dates[at] ?? "", max: values[at] ?? 0 };
}

/** dailySummary says a series in words: "12 in 30 days; most on 2026-11-20 (5)." */
export function dailySummary(dates: readonly string[], values: readonly number[]): string {
  const { total, date, max } = busiest(dates, values);
  if (total === 0) return `None in ${dates.length} days.`;
  return `${total} in ${dates.length} days; most on ${date} (${max}).`;
}

// The daily charts' drawing size, about the size they are shown at (a third of the page on a
// wide screen, the whole width of a phone), so their 11-unit labels read at about 11 px.
const W = 330;
const H = 130;
const PAD = { left: 28, right: 6, top: 8, bottom: 22 };

/** Columns draws one series as a column per day on a shared scale (max). */
function Columns({
  title,
  labelledBy,
  dates,
  values,
  max,
}: {
  title: string;
  labelledBy: string;
  dates: readonly string[];
  values: readonly number[];
  max: number;
}) {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, values.length);
  const barW = Math.max(2, step * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, max / 2, max];
  const xLabels = [0, Math.floor((dates.length - 1) / 2), dates.length - 1].filter(
    (i, k, all) => i >= 0 && all.indexOf(i) === k,
  );
  return (
    <svg
      role="img"
      aria-labelledby={labelledBy}
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      preserveAspectRatio="xMidYMid meet"
    >
      <title>{title}</title>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#cbd5e1" strokeWidth={1} />
          <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill="#334155">
            {Number.isInteger(t) ? t : t.toFixed(1)}
          </text>
        </g>
      ))}
      {values.map((v, i) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: one column per day, in date order.
          key={i}
          x={PAD.left + i * step + (step - barW) / 2}
          y={y(v)}
          width={barW}
          height={Math.max(0, PAD.top + plotH - y(v))}
          fill="#4338ca"
        />
      ))}
      <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="#334155" />
      {xLabels.map((i) => (
        <text
          key={i}
          x={PAD.left + i * step + step / 2}
          y={H - 8}
          textAnchor={i === 0 ? "start" : i === dates.length - 1 ? "end" : "middle"}
          fontSize={11}
          fill="#334155"
        >
          {(dates[i] ?? "").slice(5)}
        </text>
      ))}
    </svg>
  );
}

/**
 * DailyCharts are small multiples: one column chart per kind of submission over the same days,
 * on one scale so they compare at a glance, each named by its kind and a sentence, and one
 * table with every number.
 */
export function DailyCharts({
  title,
  summary,
  dates,
  series,
}: {
  title: string;
  summary: string;
  dates: readonly string[];
  series: readonly DailySeries[];
}) {
  const id = useId();
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const table = (
    <DataTable
      caption={title}
      columns={["Date", ...series.map((s) => ({ label: s.label, numeric: true as const }))]}
      foot={
        <tr>
          <th scope="row" className={thClass}>
            Total
          </th>
          {series.map((s) => (
            <td key={s.label} className={`${thClass} text-right tabular-nums`}>
              {s.values.reduce((a, b) => a + b, 0)}
            </td>
          ))}
        </tr>
      }
    >
      {dates.map((date, i) => (
        <tr key={date}>
          <th scope="row" className={`${tdClass} font-normal`}>
            {date}
          </th>
          {series.map((s) => (
            <td key={s.label} className={`${tdClass} text-right tabular-nums`}>
              {s.values[i] ?? 0}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
  return (
    <Figure title={title} summary={summary} table={table}>
      {() => (
        <div className="grid gap-4 lg:grid-cols-3">
          {series.map((s, i) => (
            <div key={s.label}>
              <h3 id={`${id}-${i}-title`} className="text-sm font-semibold text-slate-900">
                {s.label}
              </h3>
              <p id={`${id}-${i}-summary`} className="text-sm text-slate-700">
                {dailySummary(dates, s.values)}
              </p>
              <Columns
                title={s.label}
                labelledBy={`${id}-${i}-title ${id}-${i}-summary`}
                dates={dates}
                values={s.values}
                max={max}
              />
            </div>
          ))}
        </div>
      )}
    </Figure>
  );
}

/** Bar is one labelled quantity of a BarChart; pattern hatches it, so bars differ by more than colour. */
export interface Bar {
  label: string;
  value: number;
  fill: string;
  pattern?: boolean;
}

/**
 * BarChart draws a few quantities as labelled horizontal bars (words and numbers on the bars'
 * rows), with a summary sentence and a two-column table.
 */
export function BarChart({
  title,
  summary,
  bars,
  unit,
}: {
  title: string;
  summary: string;
  bars: readonly Bar[];
  /** unit heads the table's number column ("Subscribers"). */
  unit: string;
}) {
  const id = useId();
  const max = niceMax(Math.max(0, ...bars.map((b) => b.value)));
  // About the size it is shown at (a third of a wide page, or a phone's width).
  const rowH = 30;
  const labelW = 120;
  const valueW = 44;
  const width = 330;
  const plotW = width - labelW - valueW;
  const table = <CountTable caption={title} what="What" unit={unit} rows={bars} />;
  return (
    <Figure title={title} summary={summary} table={table}>
      {(labelledBy) => (
        <svg
          role="img"
          aria-labelledby={labelledBy}
          viewBox={`0 0 ${width} ${bars.length * rowH + 4}`}
          className="h-auto w-full max-w-md"
        >
          <title>{title}</title>
          <defs>
            <pattern
              id={`${id}-hatch`}
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="6" height="6" fill="#ffffff" />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#7f1d1d" strokeWidth="3" />
            </pattern>
          </defs>
          {bars.map((b, i) => {
            const w = (b.value / max) * plotW;
            const y = i * rowH + 4;
            return (
              <g key={b.label}>
                <text x={0} y={y + 18} fontSize={12} fill="#0f172a">
                  {b.label}
                </text>
                <rect x={labelW} y={y + 4} width={plotW} height={20} fill="#f1f5f9" />
                {w > 0 && (
                  <rect
                    x={labelW}
                    y={y + 4}
                    width={w}
                    height={20}
                    fill={b.pattern ? `url(#${id}-hatch)` : b.fill}
                    stroke={b.fill}
                    strokeWidth={1}
                  />
                )}
                <text x={width} y={y + 18} fontSize={12} fill="#0f172a" textAnchor="end" fontWeight={600}>
                  {b.value}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </Figure>
  );
}
