import { BarChart, DailyCharts } from "./charts";
import { api, type Dashboard } from "./endpoints";
import { Alert, Loading } from "./ui";
import { useLoad } from "./use-load";

// The dashboard: the last 30 days at a glance (spam left out), as the API counts them.

/** percent is a share as a whole percentage (whole is not 0). */
function percent(part: number, whole: number): string {
  return `${Math.round((part / whole) * 100)}%`;
}

/** waitingFor writes how long the oldest waiting email has waited. */
export function waitingFor(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} seconds`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round(seconds / 3600)} hours`;
}

/** DashboardCharts draws one answer of GET /api/admin/dashboard. */
export function DashboardCharts({ data }: { data: Dashboard }) {
  const dates = data.days.map((d) => d.date);
  const series = [
    { label: "Newsletter sign-ups", one: "newsletter sign-up", values: data.days.map((d) => d.newsletter) },
    { label: "Contact messages", one: "contact message", values: data.days.map((d) => d.contact) },
    { label: "Lesson-plan requests", one: "lesson-plan request", values: data.days.map((d) => d.lessonPlan) },
  ];
  const totals = series.map((s) => {
    const n = s.values.reduce((a, b) => a + b, 0);
    return `${n} ${n === 1 ? s.one : s.label.toLowerCase()}`;
  });
  const { newsletter: n, plans: p, mail: m } = data;
  const rated = p.useful + p.notUseful;
  return (
    <div className="space-y-6">
      <DailyCharts
        title={`Submissions per day, ${data.from} to ${data.to}`}
        summary={`${totals.join(", ")}.`}
        dates={dates}
        series={series}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <BarChart
          title="Newsletter subscribers"
          summary={`${n.confirmed} confirmed, ${n.pending} pending, ${n.unsubscribed} unsubscribed.`}
          unit="Subscribers"
          bars={[
            { label: "Confirmed", value: n.confirmed, fill: "#15803d" },
            { label: "Pending", value: n.pending, fill: "#4338ca" },
            { label: "Unsubscribed", value: n.unsubscribed, fill: "#7f1d1d", pattern: true },
          ]}
        />
        <BarChart
          title="Lesson plans"
          summary={`${
            rated === 0
              ? "No plan rated yet."
              : `${p.useful} rated useful, ${p.notUseful} not useful (${percent(p.useful, rated)} useful).`
          } ${p.builtin} made by the built-in planner, ${p.ai} by AI.`}
          unit="Plans"
          bars={[
            { label: "Rated useful", value: p.useful, fill: "#15803d" },
            { label: "Rated not useful", value: p.notUseful, fill: "#7f1d1d", pattern: true },
            { label: "Built-in planner", value: p.builtin, fill: "#4338ca" },
            { label: "AI planner", value: p.ai, fill: "#0e7490" },
          ]}
        />
        <BarChart
          title="Mail"
          summary={
            m.waiting === 0 && m.failed === 0
              ? "No email is waiting and none has failed."
              : `${m.waiting} waiting to be sent${m.waiting > 0 ? ` (the oldest for ${waitingFor(m.oldestWaitingSeconds)})` : ""}, ${m.failed} failed.`
          }
          unit="Emails"
          bars={[
            { label: "Waiting", value: m.waiting, fill: "#4338ca" },
            { label: "Failed", value: m.failed, fill: "#7f1d1d", pattern: true },
          ]}
        />
      </div>
    </div>
  );
}

/** DashboardView loads the dashboard and draws it. */
export function DashboardView() {
  const { data, error, loading } = useLoad(() => api.dashboard(), []);
  if (error) return <Alert message={error} />;
  if (loading || !data) return <Loading what="the last 30 days" />;
  return <DashboardCharts data={data} />;
}
