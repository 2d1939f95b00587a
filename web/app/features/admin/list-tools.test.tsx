import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { ConfirmDelete, FilterForm, FilterSelect, Pager, useFilters } from "./list-tools";

describe("ConfirmDelete", () => {
  it("asks first, with focus on the confirming button; Escape steps back to Delete", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => {});
    render(<ConfirmDelete what="the message from ann@example.com" onConfirm={onConfirm} />);
    const remove = screen.getByRole("button", { name: "Delete the message from ann@example.com" });
    remove.focus();
    await user.keyboard("{Enter}");
    expect(
      screen.getByRole("group", { name: /^Delete the message from ann@example.com\?/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Yes, delete" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Delete the message from ann@example.com" })).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("deletes on Yes, and shows a refusal beside the question", async () => {
    const user = userEvent.setup();
    const onConfirm = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(500, "Deleting failed. Try again."))
      .mockResolvedValueOnce();
    render(<ConfirmDelete what="request TP-1" onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Delete request TP-1" }));
    await user.click(screen.getByRole("button", { name: "Yes, delete" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Deleting failed. Try again.");
    await user.click(screen.getByRole("button", { name: "Yes, delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});

function Filters() {
  const { filters, setFilters } = useFilters(["status"]);
  const location = useLocation();
  return (
    <>
      <FilterForm filters={filters} setFilters={setFilters} searchLabel="Search">
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          options={[
            { value: "new", label: "New" },
            { value: "handled", label: "Handled" },
          ]}
        />
      </FilterForm>
      <Pager filters={filters} next="cursor-2" noun="messages" />
      <p>{`at ${location.search}`}</p>
    </>
  );
}

function renderFilters(at: string) {
  const Stub = createRoutesStub([{ path: "/admin/contacts", Component: Filters }]);
  return render(<Stub initialEntries={[at]} />);
}

describe("FilterForm and Pager", () => {
  it("apply the search only when sent, keeping the Spam tab and starting from the first page", async () => {
    const user = userEvent.setup();
    renderFilters("/admin/contacts?spam=1&cursor=abc");
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "ann lee");
    expect(screen.getByText("at ?spam=1&cursor=abc")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "handled");
    // Enter in the search box sends the form, with every filter in it.
    await user.click(screen.getByRole("searchbox", { name: "Search" }));
    await user.keyboard("{Enter}");
    expect(await screen.findByText("at ?spam=1&q=ann+lee&status=handled")).toBeInTheDocument();
  });

  it("link the next page by its cursor, and the first page without one", () => {
    renderFilters("/admin/contacts?q=ann&cursor=abc");
    const pages = screen.getByRole("navigation", { name: "Pages of messages" });
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute(
      "href",
      "/admin/contacts?q=ann&cursor=cursor-2",
    );
    expect(screen.getByRole("link", { name: "First page" })).toHaveAttribute("href", "/admin/contacts?q=ann");
    expect(pages).toBeInTheDocument();
  });
});
