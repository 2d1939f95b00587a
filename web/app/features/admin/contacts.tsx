import { useState } from "react";
import { fieldRule } from "~/components/form/rules";
import { errorMessage } from "./api";
import { api, type ContactRow } from "./endpoints";
import { ListPage, useList } from "./list-page";
import { ConfirmDelete, FilterSelect } from "./list-tools";
import { linkClass, secondaryClass, smallClass, Time, tdClass } from "./ui";

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
  const list = useList(["status", "reason"], api.contacts);
  const remove = async (row: ContactRow) => {
    await api.deleteContact(row.id);
    list.drop((r) => r.id === row.id, `Deleted the message from ${row.email}.`);
  };
  const setHandled = async (row: ContactRow, handled: boolean) => {
    await api.setHandled(row.id, handled);
    const handledAt = handled ? new Date().toISOString() : null;
    list.loaded.setData(
      (d) => d && { ...d, items: d.items.map((r) => (r.id === row.id ? { ...r, handledAt } : r)) },
    );
    list.announce(`Marked the message from ${row.email} as ${handled ? "handled" : "new"}.`);
  };
  return (
    <ListPage
      {...list}
      list="contacts"
      noun={NOUN}
      searchLabel="Search by name, email or message"
      selects={
        <>
          <FilterSelect
            name="status"
            label="Status"
            value={list.filters.status}
            options={[
              { value: "new", label: "New" },
              { value: "handled", label: "Handled" },
            ]}
          />
          <FilterSelect name="reason" label="Reason" value={list.filters.reason} options={reasons} />
        </>
      }
      caption="Contact messages"
      spamCaption="Contact messages marked as spam"
      columns={["From", "Received", "Reason", "Message", "Status", "Actions"]}
      row={(row) => (
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
          <td className={`${tdClass} min-w-64 max-w-prose whitespace-pre-line break-words`}>{row.message}</td>
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
      )}
    />
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
