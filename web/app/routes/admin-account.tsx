import { AccountView } from "~/features/admin/account";
import { ConsoleLayout } from "~/features/admin/console-layout";
import { consoleHandle, consoleMeta } from "~/features/admin/meta";

// The signed-in account (web/pages.json adminAccount).

export const handle = consoleHandle;

export function meta() {
  return consoleMeta("Account");
}

/** AdminAccountPage is pre-rendered as its frame; the data comes from /api/admin/ once it has hydrated. */
export default function AdminAccountPage() {
  return (
    <ConsoleLayout title="Account" intro="Your sign-in and its second factor.">
      <AccountView />
    </ConsoleLayout>
  );
}
