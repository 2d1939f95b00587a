import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorMessage } from "./api";
import { csvHref, type ListName, type Page } from "./endpoints";
import {
  Alert,
  buttonClass,
  dangerClass,
  inputClass,
  Loading,
  labelClass,
  Status,
  secondaryClass,
  smallClass,
} from "./ui";
import type { Loaded } from "./use-load";

// What the console's lists share: filters kept in the address (so reload, back and a shared
// link show the same rows), a search that runs on Enter or its button (not per keystroke),
// the Spam tab, keyset pages, the CSV link, and a delete that asks first.

/** Filters are a list's query parameters (undefined or "" when not set). */
export type Filters = Record<string, string | undefined>;

/** useFilters reads a list's filters from the address: q, spam, cursor and the list's own keys. */
export function useFilters(own: readonly string[]): {
  filters: Filters;
  setFilters: (next: Filters) => void;
} {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {};
  for (const key of ["q", "spam", "cursor", ...own]) filters[key] = params.get(key) ?? undefined;
  return {
    filters,
    setFilters: (next) => {
      const out = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) if (value) out.set(key, value);
      setParams(out);
    },
  };
}

/** withFilters is the address of the list with some filters changed (the cursor dropped). */
function search(filters: Filters, change: Filters): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, cursor: undefined, ...change })) {
    if (value) out.set(key, value);
  }
  const s = out.toString();
  return s ? `?${s}` : "?";
}

/** SpamTabs switches between the real submissions and those marked as spam. */
export function SpamTabs({ filters, noun }: { filters: Filters; noun: string }) {
  const spam = filters.spam === "1";
  const tab = (active: boolean) =>
    `inline-flex min-h-11 items-center border-b-4 px-4 py-2 font-semibold ${
      active
        ? "border-indigo-700 text-slate-900"
        : "border-transparent text-indigo-700 hover:border-slate-400"
    }`;
  return (
    <nav aria-label={`Which ${noun}`} className="border-b border-slate-300">
      <ul className="flex gap-2">
        <li>
          <Link
            to={search(filters, { spam: undefined })}
            aria-current={spam ? undefined : "page"}
            className={tab(!spam)}
          >
            {noun[0]?.toUpperCase()}
            {noun.slice(1)}
          </Link>
        </li>
        <li>
          <Link
            to={search(filters, { spam: "1" })}
            aria-current={spam ? "page" : undefined}
            className={tab(spam)}
          >
            Spam
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** FilterSelect is a labelled drop-down of a list's filter form. */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * FilterForm is a list's search box and filters. It applies them when sent (Enter or the
 * button), keeping the tab and starting again from the first page.
 */
export function FilterForm({
  filters,
  setFilters,
  searchLabel,
  children,
}: {
  filters: Filters;
  setFilters: (next: Filters) => void;
  searchLabel: string;
  children?: ReactNode;
}) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Filters = { spam: filters.spam };
    for (const [key, value] of new FormData(event.currentTarget)) next[key] = String(value).trim();
    setFilters(next);
  }
  // The key resets the fields when the address changes some other way (back, a tab, a link).
  const key = search(filters, {});
  return (
    <search>
      <form key={key} onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-4">
        <div className="min-w-56 flex-1">
          <label htmlFor={id} className={labelClass}>
            {searchLabel}
          </label>
          <input id={id} name="q" type="search" defaultValue={filters.q ?? ""} className={inputClass} />
        </div>
        {children}
        <button type="submit" className={buttonClass}>
          Search
        </button>
      </form>
    </search>
  );
}

/** Pager moves through a list by its keyset cursor: the next page, or back to the first. */
export function Pager({ filters, next, noun }: { filters: Filters; next: string | null; noun: string }) {
  if (!filters.cursor && !next) return null;
  return (
    <nav aria-label={`Pages of ${noun}`} className="mt-4">
      <ul className="flex flex-wrap gap-3">
        {filters.cursor && (
          <li>
            <Link to={search(filters, {})} className={secondaryClass}>
              First page
            </Link>
          </li>
        )}
        {next && (
          <li>
            <Link to={search(filters, { cursor: next })} className={secondaryClass}>
              Next page
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** ExportLink downloads the list as CSV, with the filters on screen (every page of it). */
export function ExportLink({ list, filters }: { list: ListName; filters: Filters }) {
  return (
    <a href={csvHref(list, filters)} download className={secondaryClass}>
      Export CSV
    </a>
  );
}

/** useAnnounce is a status line that announces a message and takes focus for it. */
export function useAnnounce() {
  const [message, setMessage] = useState("");
  const ref = useRef<HTMLParagraphElement>(null);
  const [focus, setFocus] = useState(0);
  useEffect(() => {
    if (focus > 0) ref.current?.focus();
  }, [focus]);
  return {
    status: <Status ref={ref} message={message} className="mt-4" />,
    /** announce says message; with focus, it also moves focus there (the button is gone). */
    announce: (text: string, takeFocus = false) => {
      setMessage(text);
      if (takeFocus) setFocus((n) => n + 1);
    },
  };
}

/**
 * ConfirmDelete is a Delete button that asks first, in place: "Delete …? Yes, delete /
 * Cancel", focus on the confirming button, Escape or Cancel to step back. A refusal is
 * announced beside it.
 */
export function ConfirmDelete({
  what,
  onConfirm,
  small = true,
}: {
  /** what names the record in the question and the buttons' names ("the message from Ann"). */
  what: string;
  onConfirm: () => Promise<void>;
  small?: boolean;
}) {
  const [state, setState] = useState<"idle" | "asking" | "busy">("idle");
  const [problem, setProblem] = useState("");
  const yesRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  const size = small ? smallClass : "";

  useEffect(() => {
    if (state === "asking") yesRef.current?.focus();
    if (state === "idle" && wasAsking.current) deleteRef.current?.focus();
    wasAsking.current = state !== "idle";
  }, [state]);

  if (state === "idle") {
    return (
      <button
        ref={deleteRef}
        type="button"
        onClick={() => setState("asking")}
        aria-label={`Delete ${what}`}
        className={`${secondaryClass} ${size}`}
      >
        Delete
      </button>
    );
  }
  return (
    <fieldset
      onKeyDown={(e) => {
        if (e.key === "Escape" && state === "asking") setState("idle");
      }}
      className="flex flex-wrap items-center gap-2"
    >
      <legend className="float-left mr-2 text-sm font-semibold text-slate-900">
        Delete {what}? This cannot be undone.
      </legend>
      <button
        ref={yesRef}
        type="button"
        disabled={state === "busy"}
        onClick={async () => {
          setState("busy");
          setProblem("");
          try {
            await onConfirm();
          } catch (err) {
            setProblem(errorMessage(err));
            setState("asking");
          }
        }}
        className={`${dangerClass} ${size}`}
      >
        {state === "busy" ? "Deleting…" : "Yes, delete"}
      </button>
      <button type="button" onClick={() => setState("idle")} className={`${secondaryClass} ${size}`}>
        Cancel
      </button>
      {problem && <Alert message={problem} className="w-full text-sm" />}
    </fieldset>
  );
}

/** ListBody shows a list's rows once loaded, or why not, and its pager. */
export function ListBody<T>({
  loaded,
  filters,
  noun,
  children,
}: {
  loaded: Loaded<Page<T>>;
  filters: Filters;
  noun: string;
  children: (items: T[]) => ReactNode;
}) {
  const { data, error, loading } = loaded;
  if (error) return <Alert message={error} className="mt-4" />;
  if (loading || !data) return <Loading what={noun} />;
  const filtered = Boolean(filters.q || Object.entries(filters).some(([k, v]) => v && k !== "cursor"));
  return (
    <>
      {data.items.length === 0 ? (
        <p className="mt-4 text-slate-700">
          {filtered ? `No ${noun} match these filters.` : `No ${noun} yet.`}
        </p>
      ) : (
        children(data.items)
      )}
      <Pager filters={filters} next={data.next} noun={noun} />
    </>
  );
}
