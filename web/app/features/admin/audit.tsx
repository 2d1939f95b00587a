import { api } from "./endpoints";
import { ListBody, useFilters } from "./list-tools";
import { DataTable, Time, tdClass } from "./ui";
import { useLoad } from "./use-load";

// The audit log: every export, deletion and account change, newest first, a page at a time.

const NOUN = "audit log entries";

/** detailsText writes an entry's details as "key: value" pairs (values as JSON text). */
export function detailsText(details: Record<string, unknown> | null | undefined): string {
  if (!details) return "";
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join("; ");
}

/** AuditView is the audit log. */
export function AuditView() {
  const { filters } = useFilters([]);
  const loaded = useLoad(() => api.audit({ cursor: filters.cursor }), [filters.cursor]);
  return (
    <ListBody loaded={loaded} filters={{ cursor: filters.cursor }} noun={NOUN}>
      {(items) => (
        <DataTable
          frame="Audit log"
          caption="Audit log, newest first"
          columns={["When", "Who", "Action", "Subject", "Details"]}
        >
          {items.map((row) => (
            <tr key={row.id}>
              <th scope="row" className={`${tdClass} whitespace-nowrap font-normal`}>
                <Time iso={row.at} />
              </th>
              <td className={`${tdClass} whitespace-nowrap`}>{row.actor}</td>
              <td className={`${tdClass} font-mono`}>{row.action}</td>
              <td className={`${tdClass} break-all`}>{row.subject}</td>
              <td className={`${tdClass} break-words`}>{detailsText(row.details)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </ListBody>
  );
}
