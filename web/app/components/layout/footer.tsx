import type { ReactNode } from "react";
import { Link } from "react-router";
import { COPYRIGHT_YEAR, footerColumns, legalLinks, PRODUCT_NAME, paths } from "~/config/site";
import { SectionLink } from "./section-link";

const linkClass = "inline-block rounded py-1 text-slate-700 hover:text-indigo-700 hover:underline";

/**
 * Footer holds the Product and Company columns, the Stay Updated box (with the newsletter
 * form it is given) and the copyright line.
 */
export function Footer({ newsletter }: { newsletter: ReactNode }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-8 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_1fr_1fr_1.6fr] lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <Link
            to={paths.home}
            className="-m-1 inline-flex items-center gap-2 rounded-md p-1 font-bold text-slate-900"
          >
            <img src="/logo.svg" alt="" width={28} height={28} className="size-7" loading="lazy" />
            <span>{PRODUCT_NAME}</span>
          </Link>
          <p className="mt-3 max-w-xs text-sm text-slate-700">
            The AI teaching assistant for high school teachers.
          </p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
            <h2 id={`footer-${column.title.toLowerCase()}`} className="text-sm font-semibold text-slate-900">
              {column.title}
            </h2>
            <ul className="mt-3 space-y-1 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  {"section" in link ? (
                    <SectionLink section={link.section} className={linkClass}>
                      {link.label}
                    </SectionLink>
                  ) : (
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-labelledby="footer-newsletter" className="col-span-2 lg:col-span-1">
          <h2 id="footer-newsletter" className="text-sm font-semibold text-slate-900">
            Stay Updated
          </h2>
          <p className="mt-3 text-sm text-slate-700">Teaching ideas and product news, about once a month.</p>
          <div className="mt-4">{newsletter}</div>
        </section>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{`© ${COPYRIGHT_YEAR} ${PRODUCT_NAME}. All rights reserved.`}</p>
          <ul className="flex gap-4">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
