import { ConsoleLayout } from "~/features/admin/console-layout";
import { DashboardView } from "~/features/admin/dashboard";
import { consoleHandle, consoleMeta } from "~/features/admin/meta";

// The console's start page (web/pages.json adminDashboard): the last 30 days at a glance.

export const handle = consoleHandle;

export function meta() {
  return consoleMeta("Dashboard");
}

/** AdminDashboardPage is pre-rendered as its frame; the data comes from /api/admin/ once it has hydrated. */
export default function AdminDashboardPage() {
  return (
    <ConsoleLayout title="Dashboard" intro="The last 30 days, spam left out.">
      <DashboardView />
    </ConsoleLayout>
  );
}
