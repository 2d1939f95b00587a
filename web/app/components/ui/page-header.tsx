import type { ReactNode } from "react";

/** PageHeader is the title band at the top of every page except the landing page. */
export function PageHeader({
  title,
  intro,
  children,
}: {
  title: string;
  /** intro is the line under the title; the shell page has none (the server writes its own). */
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-indigo-100 bg-gradient-to-b from-indigo-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {intro !== undefined && <p className="mt-4 max-w-2xl text-lg text-slate-700">{intro}</p>}
        {children}
      </div>
    </div>
  );
}

/**
 * PageBody is the content area under a PageHeader, aligned with the header's left edge.
 * className sets the content's width (default max-w-5xl; e.g. "max-w-3xl" for reading text,
 * "max-w-6xl" for the full width).
 */
export function PageBody({ children, className = "max-w-5xl" }: { children: ReactNode; className?: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <div className={className}>{children}</div>
    </div>
  );
}
