import type { ReactNode, Ref } from "react";

// The console's small building blocks: class names for its controls, the live regions that
// announce outcomes, a table frame and the way it writes times.

/** buttonClass is a primary button (44 px tall: an easy target by touch or pointer). */
export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800 disabled:cursor-not-allowed disabled:opacity-70";
/** secondaryClass is a secondary button or a link drawn as one. */
export const secondaryClass =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-500 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-70";
/** dangerClass is a button that deletes. */
export const dangerClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70";
/** smallClass narrows a button for use inside a table row (still at least 24 px tall). */
export const smallClass = "min-h-9 px-3 py-1 text-sm";
/** labelClass is a field's label. */
export const labelClass = "block text-sm font-semibold text-slate-900";
/** inputClass is a text input or select. */
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-600 focus:ring-offset-1";
/** linkClass is a link in running text. */
export const linkClass = "font-semibold text-indigo-700 underline underline-offset-2 hover:no-underline";

/** noticeClass draws a Status or Alert in its colours, or hides it while it has nothing to say. */
function noticeClass(message: string, colours: string, className: string): string {
  return message ? `rounded-md border ${colours} p-3 ${className}` : "sr-only";
}

/**
 * Status is a polite live region that is always in the document, so a message set into it is
 * announced. It can take focus (tabIndex -1) when the element that had focus went away.
 */
export function Status({
  message,
  className = "",
  ref,
}: {
  message: string;
  className?: string;
  ref?: Ref<HTMLParagraphElement>;
}) {
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={-1}
      className={noticeClass(message, "border-green-700 bg-green-50 text-green-900", className)}
    >
      {message}
    </p>
  );
}

/** Alert announces a problem at once (role alert) and says what to do. */
export function Alert({
  message,
  className = "",
  ref,
}: {
  message: string;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className={noticeClass(message, "border-red-700 bg-red-50 text-red-900", className)}
    >
      {message}
    </div>
  );
}

/** Loading says that data is on its way (a polite status). */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-slate-700">
      Loading {what}…
    </p>
  );
}

/**
 * TableFrame lets a wide table scroll sideways on a narrow screen, and be reached by keyboard.
 * It is `relative` so the screen-reader-only text in the table is placed inside it, not past
 * the page's right edge (which would widen the whole page).
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus, so a keyboard can scroll it (WCAG 2.1.1).
      tabIndex={0}
      className="relative mt-4 overflow-x-auto rounded-md border border-slate-300"
    >
      {children}
    </section>
  );
}

/** tableClass, thClass and tdClass draw the console's data tables. */
export const tableClass = "min-w-full border-collapse text-left text-sm";
export const captionClass = "px-3 py-2 text-left font-semibold text-slate-900";
export const thClass = "border-b border-slate-300 bg-slate-100 px-3 py-2 font-semibold text-slate-900";
export const tdClass = "border-b border-slate-200 px-3 py-2 align-top text-slate-800";

/** Column is a table's column heading; a numeric one is right-aligned, as its cells are. */
export type Column = string | { label: string; numeric: true };

/**
 * DataTable is one of the console's data tables: its caption, a header row naming each column
 * (scope col), and the rows given (each begins with its own row header). With frame, it is
 * inside a TableFrame of that name.
 */
export function DataTable({
  frame,
  caption,
  columns,
  className = "",
  foot,
  children,
}: {
  frame?: string;
  caption: ReactNode;
  columns: readonly Column[];
  className?: string;
  /** foot is a row of totals (a tfoot). */
  foot?: ReactNode;
  children: ReactNode;
}) {
  const table = (
    <table className={className ? `${tableClass} ${className}` : tableClass}>
      <caption className={captionClass}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) =>
            typeof c === "string" ? (
              <th key={c} scope="col" className={thClass}>
                {c}
              </th>
            ) : (
              <th key={c.label} scope="col" className={`${thClass} text-right`}>
                {c.label}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      {foot && <tfoot>{foot}</tfoot>}
    </table>
  );
  return frame ? <TableFrame label={frame}>{table}</TableFrame> : table;
}

/** CountTable is a two-column table: what is counted (row headers), then its number. */
export function CountTable({
  caption,
  what,
  unit,
  rows,
  className,
}: {
  caption: string;
  what: string;
  unit: string;
  rows: readonly { label: string; value: number }[];
  className?: string;
}) {
  return (
    <DataTable caption={caption} columns={[what, { label: unit, numeric: true }]} className={className}>
      {rows.map((r) => (
        <tr key={r.label}>
          <th scope="row" className={`${tdClass} font-normal`}>
            {r.label}
          </th>
          <td className={`${tdClass} text-right tabular-nums`}>{r.value}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** formatTime writes an RFC 3339 time as "2026-11-23 10:59 UTC" (one form, whatever the browser's zone). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** Time is a time in a <time> element. */
export function Time({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span>—</span>;
  return <time dateTime={iso}>{formatTime(iso)}</time>;
}

/** plural writes "1 message" or "3 messages". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}
