import MenuIcon from "lucide-react/icons/menu";
import XIcon from "lucide-react/icons/x";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { navItems, PRODUCT_NAME, paths } from "~/config/site";
import { SectionLink } from "./section-link";

const navLinkClass =
  "block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 md:text-sm";

/**
 * Header is the site's top bar: logo and name (home), the section links, Blog and Try Now.
 * Below the md breakpoint the navigation is collapsed behind a Menu button (a disclosure:
 * aria-expanded and aria-controls; Escape closes it and returns focus to the button).
 */
export function Header() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A page change closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on every page change on purpose
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Link
          to={paths.home}
          className="-m-1 flex shrink-0 items-center gap-2 rounded-md p-1 text-lg font-bold tracking-tight text-slate-900"
        >
          <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
          <span>{PRODUCT_NAME}</span>
        </Link>

        <button
          ref={buttonRef}
          type="button"
          className="ml-auto inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 md:hidden"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <XIcon aria-hidden="true" className="size-6" />
          ) : (
            <MenuIcon aria-hidden="true" className="size-6" />
          )}
          <span className="sr-only">Menu</span>
        </button>

        <nav
          id="site-nav"
          aria-label="Main"
          className={`${
            open
              ? "absolute inset-x-0 top-full flex flex-col gap-3 border-b border-slate-200 bg-white px-4 pb-5 pt-2 shadow-lg"
              : "hidden"
          } md:static md:flex md:flex-1 md:flex-row md:items-center md:justify-between md:gap-6 md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center md:gap-1">
            {navItems.map((item) => (
              <li key={item.section}>
                <SectionLink section={item.section} className={navLinkClass} onNavigate={close}>
                  {item.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <Link to={paths.blog} className={navLinkClass} onClick={close}>
                Blog
              </Link>
            </li>
          </ul>
          <Link
            to={paths.lessonPlan}
            onClick={close}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-indigo-700 md:min-h-10 md:px-4 md:py-2 md:text-sm"
          >
            Try Now
          </Link>
        </nav>
      </div>
    </header>
  );
}
