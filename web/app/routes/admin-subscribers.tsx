import { ConsoleLayout } from "~/features/admin/console-layout";
import { consoleHandle, consoleMeta } from "~/features/admin/meta";
import { SubscribersView } from "~/features/admin/subscribers";

// Newsletter subscribers (web/pages.json adminSubscribers).

export const handle = consoleHandle;

export function meta() {
  return consoleMeta("Subscribers");
}

/** AdminSubscribersPage is pre-rendered as its frame; the data comes from /api/admin/ once it has hydrated. */
export default function AdminSubscribersPage() {
  return (
    <ConsoleLayout
      title="Subscribers"
      intro="Everyone who signed up for the newsletter, and where they are now."
    >
      <SubscribersView />
    </ConsoleLayout>
  );
}
