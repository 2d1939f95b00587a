import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { Link, NavLink } from "react-router";
import { LoadingIndicator } from "~/components/layout/site-layout";
import { pathOf } from "~/config/pages";
import { PRODUCT_NAME } from "~/config/site";
import { errorMessage } from "./api";
import { api, type Session } from "./endpoints";
import { Alert, Loading } from "./ui";

// The console's frame: a skip link, its own header and navigation (not the marketing site's),
// and the main landmark with the page's heading. Pre-rendered without data: until the page
// has hydrated and asked the API who is signed in, it shows the heading and "Loading…".

/** consoleNav are the console's pages, in the order of its navigation. */
export const consoleNav: readonly { id: string; label: string }[] = [
  { id: "adminDashboard", label: "Dashboard" },
  { id: "adminLessonPlans", label: "Lesson plans" },
  { id: "adminContacts", label: "Contacts" },
  { id: "adminSubscribers", label: "Subscribers" },
  { id: "adminDataRequest", label: "Data request" },
  { id: "adminWebhooks", label: "Webhooks" },
  { id: "adminAudit", label: "Audit log" },
  { id: "adminAccount", label: "Account" },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-semibold ${
    isActive ? "bg-white text-slate-900" : "text-white hover:bg-slate-700"
  }`;

/** SignOut ends the session and goes to the sign-in page. */
function SignOut({ onError }: { onError: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await api.signOut();
          window.location.assign(pathOf("adminSignIn"));
        } catch (err) {
          setBusy(false);
          onError(errorMessage(err));
        }
      }}
      className="inline-flex min-h-11 items-center rounded-md border border-white px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-70"
    >
      {busy ? "Signing out…" : "Sign out"}
    </button>
  );
}

const noSubscription = () => () => {};

/**
 * useHydrated is false in the pre-rendered HTML and while React adopts it, true from the first
 * render after. The console's pages are pre-rendered with no address query (no ?q=, ?ref=),
 * so whatever reads the query renders only once this is true, and hydration never meets a
 * page other than the one pre-rendered.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** useSession asks who is signed in (a 401 sends the browser to sign in). */
function useSession(): Session | undefined {
  const [session, setSession] = useState<Session>();
  useEffect(() => {
    let current = true;
    api.session().then(
      (s) => current && setSession(s),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return session;
}

/**
 * ConsoleLayout frames a console page. Its content renders once the page has hydrated (before,
 * "Loading…"). nav false is the sign-in page's frame: no navigation, no session check, and
 * the content (a form that reads no query) pre-rendered as it is.
 */
export function ConsoleLayout({
  title,
  intro,
  children,
  nav = true,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  nav?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-indigo-700 focus:shadow-lg"
      >
        Skip to main content
      </a>
      {nav ? <ConsoleHeader /> : <BareHeader />}
      <LoadingIndicator />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {intro !== undefined && <p className="mt-2 max-w-3xl text-slate-700">{intro}</p>}
          <noscript>
            <p className="mt-4 rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950">
              The console needs JavaScript. Turn it on for this site and reload the page.
            </p>
          </noscript>
          <div className="mt-6">{hydrated || !nav ? children : <Loading what="the console" />}</div>
        </div>
      </main>
    </>
  );
}

function Brand() {
  return (
    <span className="inline-flex items-center gap-2 font-bold">
      <img src="/logo.svg" alt="" width={24} height={24} className="size-6" />
      {`${PRODUCT_NAME} console`}
    </span>
  );
}

function BareHeader() {
  return (
    <header className="on-dark bg-slate-900 text-white">
      <div className="mx-auto flex max-w-6xl items-center px-4 py-4 sm:px-6 lg:px-8">
        <Brand />
      </div>
    </header>
  );
}

function ConsoleHeader() {
  const session = useSession();
  const [problem, setProblem] = useState("");
  return (
    <header className="on-dark bg-slate-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-3 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link to={pathOf("adminDashboard")} className="rounded-md py-2">
            <Brand />
          </Link>
          <p className="text-sm text-slate-200">{session ? `Signed in as ${session.email}` : ""}</p>
        </div>
        <nav aria-label="Console" className="mt-2">
          <ul className="flex flex-wrap gap-1">
            {consoleNav.map((item) => (
              <li key={item.id}>
                <NavLink to={pathOf(item.id)} end className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <SignOut onError={setProblem} />
            </li>
          </ul>
        </nav>
        <Alert message={problem} className="mt-2" />
      </div>
    </header>
  );
}
