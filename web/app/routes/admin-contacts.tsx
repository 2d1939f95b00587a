import { ConsoleLayout } from "~/features/admin/console-layout";
import { ContactsView } from "~/features/admin/contacts";
import { consoleHandle, consoleMeta } from "~/features/admin/meta";

// Contact messages (web/pages.json adminContacts).

export const handle = consoleHandle;

export function meta() {
  return consoleMeta("Contacts");
}

/** AdminContactsPage is pre-rendered as its frame; the data comes from /api/admin/ once it has hydrated. */
export default function AdminContactsPage() {
  return (
    <ConsoleLayout
      title="Contacts"
      intro="Messages sent from the contact page. Mark each one handled once someone has replied."
    >
      <ContactsView />
    </ConsoleLayout>
  );
}
