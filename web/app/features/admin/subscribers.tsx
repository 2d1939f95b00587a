import { api, type SubscriberRow } from "./endpoints";
import { ListPage, useList } from "./list-page";
import { ConfirmDelete, FilterSelect } from "./list-tools";
import { Time, tdClass } from "./ui";

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
  const list = useList(["status"], api.subscribers);
  const remove = async (row: SubscriberRow) => {
    await api.deleteSubscriber(row.id);
    list.drop((r) => r.id === row.id, `Deleted the subscriber ${row.email}.`);
  };
  return (
    <ListPage
      {...list}
      list="subscribers"
      noun={NOUN}
      searchLabel="Search by email"
      selects={<FilterSelect name="status" label="Status" value={list.filters.status} options={statuses} />}
      caption="Newsletter subscribers"
      spamCaption="Sign-ups marked as spam"
      columns={["Email", "Status", "Signed up", "Confirmed", "Unsubscribed", "Actions"]}
      row={(row) => (
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
      )}
    />
  );
}
