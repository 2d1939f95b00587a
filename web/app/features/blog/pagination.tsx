import { Link } from "react-router";
import { pagePath } from "./paths";

const linkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-200 px-3 font-medium text-slate-800 hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

/**
 * Pagination links the pages of the blog list: previous, each page by number (the current
 * one marked aria-current) and next. It renders nothing when there is only one page.
 */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav aria-label="Blog pages" className="mt-12">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={pagePath(page - 1)} rel="prev" className={linkClass}>
              Previous page
            </Link>
          </li>
        )}
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <span
                aria-current="page"
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-indigo-600 px-3 font-semibold text-white"
              >
                <span className="sr-only">Page</span> {n}
              </span>
            ) : (
              <Link to={pagePath(n)} className={linkClass}>
                <span className="sr-only">Page</span> {n}
              </Link>
            )}
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link to={pagePath(page + 1)} rel="next" className={linkClass}>
              Next page
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
