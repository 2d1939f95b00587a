import type { ReactNode } from "react";
import type { ListName, Page } from "./endpoints";
import {
  ExportLink,
  FilterForm,
  type Filters,
  ListBody,
  SpamTabs,
  useAnnounce,
  useFilters,
} from "./list-tools";
import { type Column, DataTable } from "./ui";
import { type Loaded, useLoad } from "./use-load";

// The page the console's submission lists share (contacts, subscribers, lesson-plan requests):
// the Spam tab, the filter form, the CSV link, the status line, and the rows in a table with
// its pager.

/**
 * useList loads a list with the filters in the address (q, spam, cursor and the list's own),
 * again whenever one of them changes, and keeps the status line that announces what was done.
 */
export function useList<T>(own: readonly string[], load: (filters: Filters) => Promise<Page<T>>) {
  const { filters, setFilters } = useFilters(own);
  const loaded = useLoad(
    () => load(filters),
    ["q", "spam", "cursor", ...own].map((key) => filters[key]),
  );
  const { status, announce } = useAnnounce();
  return {
    filters,
    setFilters,
    loaded,
    status,
    announce,
    /** drop takes the rows gone matches off the page shown and announces message, taking focus (the row's buttons are gone). */
    drop: (gone: (row: T) => boolean, message: string) => {
      loaded.setData((d) => d && { ...d, items: d.items.filter((r) => !gone(r)) });
      announce(message, true);
    },
  };
}

/** ListPage draws a list as useList keeps it; row draws one table row. */
export function ListPage<T>({
  list,
  noun,
  searchLabel,
  selects,
  caption,
  spamCaption,
  columns,
  filters,
  setFilters,
  loaded,
  status,
  row,
}: {
  list: ListName;
  /** noun names the rows, plural and in lower case ("subscribers"). */
  noun: string;
  searchLabel: string;
  /** selects are the list's own filters, beside the search box. */
  selects?: ReactNode;
  /** caption and spamCaption head the table, on the main tab and on the Spam tab. */
  caption: string;
  spamCaption: string;
  columns: readonly Column[];
  filters: Filters;
  setFilters: (next: Filters) => void;
  loaded: Loaded<Page<T>>;
  status: ReactNode;
  row: (row: T) => ReactNode;
}) {
  return (
    <>
      <SpamTabs filters={filters} noun={noun} />
      <FilterForm filters={filters} setFilters={setFilters} searchLabel={searchLabel}>
        {selects}
      </FilterForm>
      <p className="mt-4">
        <ExportLink list={list} filters={filters} />
      </p>
      {status}
      <ListBody loaded={loaded} filters={filters} noun={noun}>
        {(items) => (
          <DataTable
            frame={noun}
            caption={`${filters.spam === "1" ? spamCaption : caption}, newest first`}
            columns={columns}
          >
            {items.map(row)}
          </DataTable>
        )}
      </ListBody>
    </>
  );
}
