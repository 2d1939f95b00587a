import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Footer } from "./footer";
import { Header } from "./header";

/**
 * LoadingIndicator is a polite live region that is always in the document, so screen
 * readers announce "Loading..." when a route's code or data starts loading on client-side
 * navigation. It is visible only while loading.
 */
export function LoadingIndicator() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  return (
    <div
      id="route-status"
      role="status"
      aria-live="polite"
      className={
        loading
          ? "fixed left-1/2 top-20 z-50 -translate-x-1/2 rounded-full bg-indigo-700 px-4 py-2 text-sm font-semibold text-white shadow-lg"
          : "sr-only"
      }
    >
      {loading ? "Loading..." : ""}
    </div>
  );
}

/**
 * SiteLayout wraps every page (and the error screen) in the skip link, header, main landmark
 * and footer. Route modules render their content only: the <main id="main-content"> is here.
 * newsletter is the footer's sign-up form, passed in by the app (shared components do not
 * import features).
 */
export function SiteLayout({ children, newsletter }: { children: ReactNode; newsletter: ReactNode }) {
  return (
    <>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-indigo-700 focus:shadow-lg"
      >
        Skip to main content
      </a>
      <Header />
      <LoadingIndicator />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer newsletter={newsletter} />
    </>
  );
}
