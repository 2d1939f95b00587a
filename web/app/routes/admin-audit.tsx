import { AuditView } from "~/features/admin/audit";
import { ConsoleLayout } from "~/features/admin/console-layout";
import { consoleHandle, consoleMeta } from "~/features/admin/meta";

// The audit log (web/pages.json adminAudit).

export const handle = consoleHandle;

export function meta() {
  return consoleMeta("Audit log");
}

/** AdminAuditPage is pre-rendered as its frame; the data comes from /api/admin/ once it has hydrated. */
export default function AdminAuditPage() {
  return (
    <ConsoleLayout title="Audit log" intro="Every export, deletion and account change, and who made it.">
      <AuditView />
    </ConsoleLayout>
  );
}
