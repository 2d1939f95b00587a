import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { SiteLayout } from "./components/layout/site-layout";
import { PRODUCT_NAME, paths } from "./config/site";
import { NewsletterForm } from "./features/newsletter/newsletter-form";
import { errorText } from "./lib/error-text";
import { wantsScripts, wantsSiteChrome } from "./lib/route-handle";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: paths.manifest },
  { rel: "alternate", type: "application/rss+xml", title: `${PRODUCT_NAME} blog`, href: paths.rss },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // A route whose handle says `scripts: false` (the shell) is pre-rendered as plain HTML.
  const scripts = wantsScripts(useMatches());
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* precedence makes React put the stylesheet ahead of the script preloads it hoists, so
            the render-blocking CSS is requested first. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
        {children}
        {scripts && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // The console's pages (handle `siteChrome: false`) bring their own layout.
  if (!wantsSiteChrome(useMatches())) return <Outlet />;
  return (
    <SiteLayout newsletter={<NewsletterForm />}>
      <Outlet />
    </SiteLayout>
  );
}

/** HydrateFallback is shown for paths that were not pre-rendered until the app has loaded. */
export function HydrateFallback() {
  return (
    <p role="status" className="p-8 text-center text-lg text-slate-700">
      Loading...
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteLayout newsletter={<NewsletterForm />}>
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 font-mono text-sm text-red-900">
          {errorText(error)}
        </p>
        <p className="mt-8">
          <Link
            to={paths.home}
            className="inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700"
          >
            Back to the home page
          </Link>
        </p>
      </div>
    </SiteLayout>
  );
}
