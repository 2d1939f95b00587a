import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { errorMessage } from "./api";
import { api, type DataExport } from "./endpoints";
import { TextField } from "./field";
import {
  Alert,
  buttonClass,
  CountTable,
  DataTable,
  dangerClass,
  Status,
  secondaryClass,
  tdClass,
} from "./ui";

// The data request of /privacy: everything stored about one address, shown table by table,
// downloadable as JSON, and deleted across every table and queued mail after a typed
// confirmation. The address travels in POST bodies, never in the URL.

/** tableName turns an export key ("lessonPlans") into words ("Lesson plans"). */
export function tableName(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** cell writes one stored value as text. */
function cell(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** tablesOf splits an export into its tables (arrays of rows), in the order given. */
export function tablesOf(data: DataExport): { key: string; rows: Record<string, unknown>[] }[] {
  return Object.entries(data)
    .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
    .map(([key, rows]) => ({
      key,
      rows: rows.map((r) =>
        typeof r === "object" && r !== null ? (r as Record<string, unknown>) : { value: r },
      ),
    }));
}

function RowsTable({ name, rows }: { name: string; rows: Record<string, unknown>[] }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <DataTable frame={name} caption={name} columns={columns}>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown as exported, in order.
        <tr key={i}>
          {columns.map((c) => (
            <td key={c} className={`${tdClass} max-w-md whitespace-pre-line break-words`}>
              {cell(row[c])}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}

/** ExportView shows an export: a count per table, then each table's rows. */
export function ExportView({ data }: { data: DataExport }) {
  const tables = tablesOf(data);
  return (
    <>
      <CountTable
        caption="Rows stored, by table"
        what="Table"
        unit="Rows"
        rows={tables.map((t) => ({ label: tableName(t.key), value: t.rows.length }))}
        className="mt-4 max-w-md"
      />
      {tables
        .filter((t) => t.rows.length > 0)
        .map((t) => (
          <section key={t.key} aria-labelledby={`table-${t.key}`} className="mt-6">
            <h3 id={`table-${t.key}`} className="text-lg font-semibold text-slate-900">
              {tableName(t.key)} ({t.rows.length})
            </h3>
            <RowsTable name={tableName(t.key)} rows={t.rows} />
          </section>
        ))}
    </>
  );
}

/** useBlobUrl is an object URL for text, revoked when it changes or the page goes. */
function useBlobUrl(text: string | undefined, type: string): string | undefined {
  const url = useMemo(
    () => (text === undefined ? undefined : URL.createObjectURL(new Blob([text], { type }))),
    [text, type],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** DataRequestView looks an address up, then offers its JSON and its deletion. */
export function DataRequestView() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [data, setData] = useState<DataExport>();
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState<Record<string, number>>();
  const resultRef = useRef<HTMLHeadingElement>(null);
  const json = useMemo(() => (data ? `${JSON.stringify(data, null, 2)}\n` : undefined), [data]);
  const download = useBlobUrl(json, "application/json");

  useEffect(() => {
    if (data) resultRef.current?.focus();
  }, [data]);

  async function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!address) {
      setProblem("Enter the email address the request is about.");
      return;
    }
    setBusy(true);
    setProblem("");
    setDeleted(undefined);
    try {
      setData(await api.dataRequest(address));
      setEmail(address);
    } catch (err) {
      setData(undefined);
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-8">
      <form onSubmit={lookUp} noValidate className="flex max-w-xl flex-wrap items-end gap-4">
        <TextField
          label="Email address"
          box="min-w-64 flex-1"
          name="email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
        />
        <button type="submit" disabled={busy} className={buttonClass}>
          {busy ? "Looking…" : "Show everything"}
        </button>
      </form>
      <Alert message={problem} />
      {data && (
        <section aria-labelledby={`${id}-result`}>
          <h2
            id={`${id}-result`}
            ref={resultRef}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900"
          >
            Everything about <span className="break-all">{email}</span>
          </h2>
          {download && (
            <p className="mt-4">
              <a href={download} download="data-request.json" className={secondaryClass}>
                Download JSON
              </a>
            </p>
          )}
          <ExportView data={data} />
          <DeleteEverything
            email={email}
            onDeleted={(counts) => {
              setDeleted(counts);
              setData(undefined);
            }}
          />
        </section>
      )}
      <DeletedReport email={email} deleted={deleted} />
    </div>
  );
}

/** DeleteEverything deletes an address across the site once the address is typed again. */
function DeleteEverything({
  email,
  onDeleted,
}: {
  email: string;
  onDeleted: (deleted: Record<string, number>) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-lg border-2 border-red-700 p-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Delete everything about this address
      </h3>
      <p id={`${id}-hint`} className="mt-1 text-slate-800">
        Removes every row above and any email still waiting to be sent to it. This cannot be undone. Type the
        address again to confirm.
      </p>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!matches) {
            setProblem(`Type ${email} exactly to confirm.`);
            return;
          }
          setBusy(true);
          setProblem("");
          try {
            onDeleted((await api.deleteData(email)).deleted);
          } catch (err) {
            setProblem(errorMessage(err));
            setBusy(false);
          }
        }}
        className="mt-4 flex flex-wrap items-end gap-4"
      >
        <TextField
          label="Email address, to confirm"
          box="min-w-64 flex-1"
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          aria-describedby={`${id}-hint`}
        />
        <button type="submit" disabled={busy} className={dangerClass}>
          {busy ? "Deleting…" : "Delete everything"}
        </button>
      </form>
      <Alert message={problem} className="mt-4" />
    </section>
  );
}

/** DeletedReport says what a deletion removed, table by table (a status, focused). */
function DeletedReport({ email, deleted }: { email: string; deleted: Record<string, number> | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (deleted) ref.current?.focus();
  }, [deleted]);
  const total = deleted ? Object.values(deleted).reduce((a, b) => a + b, 0) : 0;
  return (
    <div>
      <Status ref={ref} message={deleted ? `Deleted ${total} rows about ${email}.` : ""} />
      {deleted && (
        <CountTable
          caption="Rows deleted, by table"
          what="Table"
          unit="Deleted"
          rows={Object.entries(deleted).map(([key, n]) => ({ label: tableName(key), value: n }))}
          className="mt-4 max-w-md"
        />
      )}
    </div>
  );
}
