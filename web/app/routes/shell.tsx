import { PageBody, PageHeader } from "~/components/ui/page-header";
import { shell } from "~/config/pages";
import { site } from "~/config/site";
import { loadAfterPaint } from "~/lib/paint-first";
import type { RouteHandle } from "~/lib/route-handle";
import { pageTitle } from "~/lib/seo";

// The shell: the site's real layout (skip link, header, footer) around two slots, pre-rendered
// at its path (web/pages.json) for the Go server, which fills it for the pages it renders itself
// (pages.json's `shell`: the title token in <title> and the h1, the main marker in the content
// area). It has no address of its own (no canonical, no og:url), is never indexed,
// and loads none of React's scripts: served filled at other URLs, hydrating would route to the
// wrong page. It loads ONE small same-origin script of its own, PLAN_PAGE_SCRIPT (web/public),
// that enhances the Go-filled plan page (copy, print, progress announcements, feedback in
// place); everything it touches works without it. Like the other pages' scripts, it is asked
// for only once the page has painted and loaded (lib/paint-first.ts): requested from the HTML,
// even deferred, it held the plan page's LCP at 1.55 times its no-JS twin's in make bench.
// A streamed plan page (an AI draft being written) asks for it itself, as soon as its top is
// on screen: its `load` comes only when the last section has, and the progress it announces
// is for the time before. This script then finds it on the page and does not ask again.

/** PLAN_PAGE_SCRIPT is the shell's only script, a hand-written file in web/public (web/pages.json). */
export const PLAN_PAGE_SCRIPT = shell.script;

export const handle: RouteHandle = { scripts: false };

export function meta() {
  return [
    { title: pageTitle(shell.titleSlot) },
    { name: "robots", content: "noindex" },
    { name: "theme-color", content: site.themeColor },
  ];
}

/**
 * SLOT_PROSE styles the plain semantic HTML the server writes into the main slot (headings,
 * paragraphs, lists, description lists, links, strong text) with the site's type scale.
 */
const SLOT_PROSE = [
  "text-slate-800",
  "[&_*+*]:mt-4 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900",
  "[&_h2:first-child]:mt-0 [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5",
  "[&_li+li]:mt-0 [&_li>*+*]:mt-2",
  "[&_dl]:grid [&_dl]:gap-x-6 [&_dl]:gap-y-2 sm:[&_dl]:grid-cols-[max-content_1fr]",
  "[&_dt]:font-semibold [&_dt]:text-slate-900 [&_dd]:mt-0 [&_dt]:mt-0",
  "[&_a]:font-semibold [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
].join(" ");

/** ShellPage is the page header and content area whose slots the Go server fills. */
export default function ShellPage() {
  return (
    <>
      <PageHeader title={shell.titleSlot} />
      <PageBody className="max-w-3xl">
        <div
          className={SLOT_PROSE}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the marker is web/pages.json's own constant, written as is so the Go server finds it byte for byte.
          dangerouslySetInnerHTML={{ __html: shell.mainSlot }}
        />
      </PageBody>
      <script
        type="module"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: static text of our own (lib/paint-first.ts), hashed into the page's CSP by the Go server.
        dangerouslySetInnerHTML={{ __html: loadAfterPaint(PLAN_PAGE_SCRIPT) }}
      />
    </>
  );
}
