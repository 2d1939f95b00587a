import { useState } from "react";
import { fieldRule } from "~/components/form/rules";
import { errorMessage } from "./api";
import { api, type ContactRow } from "./endpoints";
import {
  ConfirmDelete,
  ExportLink,
  FilterForm,
  FilterSelect,
  ListBody,
  SpamTabs,
  useAnnounce,
  useFilters,
} from "./list-tools";
import {
  captionClass,
  linkClass,
  secondaryClass,
  smallClass,
  TableFrame,
  Time,
  tableClass,
  tdClass,
  thClass,
} from "./ui";
import { useLoad } from "./use-load";

// Contact messages: new or handled, filtered by reason (the contact form's own choices, from
// web/forms.json), answered by email, deleted on request.

const NOUN = "contact messages";

/** reasons are the contact form's reasons, as forms.json lists them. */
const reasons = fieldRule("contact", "reason").options ?? [];

/** reasonLabel is the form's label for a stored reason value. */
function reasonLabel(value: string): string {
  return reasons.find((r) => r.value === value)?.label ?? value;
}

/** replyHref is a mailto: link answering a message, quoting its subject line. */
export function replyHref(row: ContactRow): string {
  const subject = `Re: ${reasonLabel(row.reason)}`;
  return `mailto:${encodeURIComponent(row.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}

/** ContactsView is the list of contact messages. */
export function ContactsView() {
  const { filters, setFilters } = useFilters(["status", "reason"]);
  const loaded = useLoad(
    () => api.contacts(filters),
    [filters.q, filters.spam, filters.cursor, filters.status, filters.reason],
  );
  const { status, announce } = useAnnounce();
  const remove = async (row: ContactRow) => {
    await api.deleteContact(row.id);
    loaded.setData((d) => d && { ...d, items: d.items.filter((r) => r.id !== row.id) });
    announce(`Deleted the message from ${row.email}.`, true);
  };
  const setHandled = async (row: ContactRow, handled: boolean) => {
    await api.setHandled(row.id, handled);
    const handledAt = handled ? new Date().toISOString() : null;
    loaded.setData(
      (d) => d && { ...d, items: d.items.map((r) => (r.id === row.id ? { ...r, handledAt } : r)) },
    );
    announce(`Marked the message from ${row.email} as ${handled ? "handled" : "new"}.`);
  };
  return (
    <>
      <SpamTabs filters={filters} noun={NOUN} />
      <FilterForm filters={filters} setFilters={setFilters} searchLabel="Search by name, email or message">
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          options={[
            { value: "new", label: "New" },
            { value: "handled", label: "Handled" },
          ]}
        />
        <FilterSelect name="reason" label="Reason" value={filters.reason} options={reasons} />
      </FilterForm>
      <p className="mt-4">
        <ExportLink list="contacts" filters={filters} />
      </p>
      {status}
      <ListBody loaded={loaded} filters={filters} noun={NOUN}>
        {(items) => (
          <TableFrame label={NOUN}>
            <table className={tableClass}>
              <caption className={captionClass}>
                {filters.spam === "1" ? "Contact messages marked as spam" : "Contact messages"}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    From
                  </th>
                  <th scope="col" className={thClass}>
                    Received
                  </th>
                  <th scope="col" className={thClass}>
                    Reason
                  </th>
                  <th scope="col" className={thClass}>
                    Message
                  </th>
                  <th scope="col" className={thClass}>
                    Status
                  </th>
                  <th scope="col" className={thClass}>
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" className={`${tdClass} font-normal`}>
                      <span className="font-semibold">{row.name}</span>
                      <br />
                      <span>{row.email}</span>
                    </th>
                    <td className={tdClass}>
                      <Time iso={row.createdAt} />
                    </td>
                    <td className={tdClass}>{reasonLabel(row.reason)}</td>
                    <td className={`${tdClass} min-w-64 max-w-prose whitespace-pre-line break-words`}>
                      {row.message}
                    </td>
                    <td className={tdClass}>
                      {row.handledAt ? (
                        <>
                          Handled <Time iso={row.handledAt} />
                        </>
                      ) : (
                        "New"
                      )}
                    </td>
                    <td className={tdClass}>
                      <div className="flex flex-col items-start gap-2">
                        <a href={replyHref(row)} className={linkClass}>
                          Reply by email<span className="sr-only"> to {row.email}</span>
                        </a>
                        <HandledButton row={row} onToggle={setHandled} />
                        <ConfirmDelete what={`the message from ${row.email}`} onConfirm={() => remove(row)} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </ListBody>
    </>
  );
}

/** HandledButton marks a message handled, or new again; a refusal is announced. */
function HandledButton({
  row,
  onToggle,
}: {
  row: ContactRow;
  onToggle: (row: ContactRow, handled: boolean) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const handled = row.handledAt !== null;
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setProblem("");
          try {
            await onToggle(row, !handled);
          } catch (err) {
            setProblem(errorMessage(err));
          } finally {
            setBusy(false);
          }
        }}
        className={`${secondaryClass} ${smallClass}`}
      >
        {handled ? "Mark as new" : "Mark handled"}
        <span className="sr-only"> (message from {row.email})</span>
      </button>
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
    </>
  );
}
