import type { TocEntry } from "./types";

/** TOC_MIN_SECTIONS is how many h2 sections a post needs before it gets a table of contents. */
export const TOC_MIN_SECTIONS = 4;

/** hasToc says whether a post is long enough to show a table of contents. */
export function hasToc(toc: readonly TocEntry[]): boolean {
  return toc.filter((entry) => entry.depth === 2).length >= TOC_MIN_SECTIONS;
}

/** TableOfContents links to each h2 (and the h3s under it) of a long post. */
export function TableOfContents({ toc }: { toc: readonly TocEntry[] }) {
  return (
    <nav aria-labelledby="toc-heading" className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
      <h2 id="toc-heading" className="text-base font-semibold text-slate-900">
        On this page
      </h2>
      <ol className="mt-3 space-y-1.5 text-slate-700">
        {toc.map((entry) => (
          <li key={entry.id} className={entry.depth === 3 ? "pl-5 text-sm" : ""}>
            <a href={`#${entry.id}`} className="text-indigo-700 underline-offset-4 hover:underline">
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
