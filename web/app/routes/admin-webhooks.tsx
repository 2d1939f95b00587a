import { ConsoleLayout } from "~/features/admin/console-layout";
import { consoleHandle, consoleMeta } from "~/features/admin/meta";
import { WebhooksView } from "~/features/admin/webhooks";

// Webhook endpoints (web/pages.json adminWebhooks).

export const handle = consoleHandle;

export function meta() {
  return consoleMeta("Webhooks");
}

/** AdminWebhooksPage is pre-rendered as its frame; the data comes from /api/admin/ once it has hydrated. */
export default function AdminWebhooksPage() {
  return (
    <ConsoleLayout
      title="Webhooks"
      intro="Send new submissions to another service, such as a CRM, as they arrive. Each delivery is signed."
    >
      <WebhooksView />
    </ConsoleLayout>
  );
}
