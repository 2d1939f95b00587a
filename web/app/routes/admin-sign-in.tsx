import { ConsoleLayout } from "~/features/admin/console-layout";
import { consoleHandle, consoleMeta } from "~/features/admin/meta";
import { SignInForm } from "~/features/admin/sign-in-form";

// The console's sign-in page (web/pages.json adminSignIn). There is no sign-up: accounts are
// made with `site admin add EMAIL`.

export const handle = consoleHandle;

export function meta() {
  return consoleMeta("Sign in");
}

/** AdminSignInPage is the sign-in form; after it, the page ?next= names or the dashboard. */
export default function AdminSignInPage() {
  return (
    <ConsoleLayout
      title="Sign in"
      nav={false}
      intro="The team's console. Accounts are made by an administrator."
    >
      <SignInForm />
    </ConsoleLayout>
  );
}
