import { api, type SubscriberRow } from "./endpoints";
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
import { captionClass, TableFrame, Time, tableClass, tdClass, thClass } from "./ui";
import { useLoad } from "./use-load";

// Newsletter subscribers: each address with its status and the dates it changed.

const NOUN = "subscribers";

const statuses = [
  { value: "pending", label: "Pending" },
  { value: "confirmed", label: "Confirmed" },
  { value: "unsubscribed", label: "Unsubscribed" },
];

function statusLabel(value: string): string {
  return statuses.find((s) => s.value === value)?.label ?? value;
}

/** SubscribersView is the list of newsletter subscribers. */
export function SubscribersView() {
  const { filters, setFilters } = useFilters(["status"]);
  const loaded = useLoad(
    () => api.subscribers(filters),
    [filters.q, filters.spam, filters.cursor, filters.status],
  );
  const { status, announce } = useAnnounce();
  const remove = async (row: SubscriberRow) => {
    await api.deleteSubscriber(row.id);
    loaded.setData((d) => d && { ...d, items: d.items.filter((r) => r.id !== row.id) });
    announce(`Deleted the subscriber ${row.email}.`, true);
  };
  return (
    <>
      <SpamTabs filters={filters} noun={NOUN} />
      <FilterForm filters={filters} setFilters={setFilters} searchLabel="Search by email">
        <FilterSelect name="status" label="Status" value={filters.status} options={statuses} />
      </FilterForm>
      <p className="mt-4">
        <ExportLink list="subscribers" filters={filters} />
      </p>
      {status}
      <ListBody loaded={loaded} filters={filters} noun={NOUN}>
        {(items) => (
          <TableFrame label={NOUN}>
            <table className={tableClass}>
              <caption className={captionClass}>
                {filters.spam === "1" ? "Sign-ups marked as spam" : "Newsletter subscribers"}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    Email
                  </th>
                  <th scope="col" className={thClass}>
                    Status
                  </th>
                  <th scope="col" className={thClass}>
                    Signed up
                  </th>
                  <th scope="col" className={thClass}>
                    Confirmed
                  </th>
                  <th scope="col" className={thClass}>
                    Unsubscribed
                  </th>
                  <th scope="col" className={thClass}>
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" className={`${tdClass} whitespace-nowrap font-normal`}>
                      {row.email}
                    </th>
                    <td className={tdClass}>{statusLabel(row.status)}</td>
                    <td className={tdClass}>
                      <Time iso={row.createdAt} />
                    </td>
                    <td className={tdClass}>
                      <Time iso={row.confirmedAt} />
                    </td>
                    <td className={tdClass}>
                      <Time iso={row.unsubscribedAt} />
                    </td>
                    <td className={tdClass}>
                      <ConfirmDelete what={`the subscriber ${row.email}`} onConfirm={() => remove(row)} />
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
