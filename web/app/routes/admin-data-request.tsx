import { ConsoleLayout } from "~/features/admin/console-layout";
import { DataRequestView } from "~/features/admin/data-request";
import { consoleHandle, consoleMeta } from "~/features/admin/meta";

// The data request of /privacy (web/pages.json adminDataRequest): show, export and delete everything about an address.

export const handle = consoleHandle;

export function meta() {
  return consoleMeta("Data request");
}

/** AdminDataRequestPage is pre-rendered as its frame; the data comes from /api/admin/ once it has hydrated. */
export default function AdminDataRequestPage() {
  return (
    <ConsoleLayout
      title="Data request"
      intro="When someone asks what we hold about them, or asks us to delete it: look their address up here."
    >
      <DataRequestView />
    </ConsoleLayout>
  );
}
