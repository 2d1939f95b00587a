import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, MemoryRouter, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { BlogIndex, type ListData } from "./blog-index";
import { Pagination } from "./pagination";
import { PAGE_SIZE, pageCount, pageItems, pagePath, parsePage } from "./paths";
import { testPosts } from "./test-posts";

function renderPagination(page: number, count: number) {
  return render(
    <MemoryRouter initialEntries={["/blog"]}>
      <Pagination page={page} pageCount={count} />
    </MemoryRouter>,
  );
}

function List() {
  return <BlogIndex title="Blog" intro="Ideas for teachers" data={useLoaderData<ListData>()} />;
}

describe("paging the post list", () => {
  it("shows nine posts a page and makes a second page only from the tenth post", () => {
    expect(PAGE_SIZE).toBe(9);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(9)).toBe(1);
    expect(pageCount(10)).toBe(2);
    expect(pageCount(19)).toBe(3);
    const posts = testPosts(11);
    expect(pageItems(posts, 1).map((p) => p.slug)).toEqual(posts.slice(0, 9).map((p) => p.slug));
    expect(pageItems(posts, 2).map((p) => p.slug)).toEqual(["post-10", "post-11"]);
  });

  it("gives page 1 the blog's own URL and later pages /blog/page/N", () => {
    expect(pagePath(1)).toBe("/blog");
    expect(pagePath(2)).toBe("/blog/page/2");
  });

  it("reads only whole page numbers from the URL", () => {
    expect(parsePage("2")).toBe(2);
    for (const bad of ["0", "02", "2.5", "two", "", undefined]) expect(parsePage(bad)).toBeUndefined();
  });
});

describe("Pagination", () => {
  it("renders nothing when every post fits on one page", () => {
    renderPagination(1, 1);
    expect(screen.queryByRole("navigation", { name: "Blog pages" })).not.toBeInTheDocument();
  });

  it("on the first page, marks page 1 current and links page 2 and Next", () => {
    renderPagination(1, 3);
    const nav = screen.getByRole("navigation", { name: "Blog pages" });
    expect(within(nav).queryByRole("link", { name: "Previous page" })).not.toBeInTheDocument();
    expect(within(nav).getByText("1", { exact: false }).closest("[aria-current]")).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/blog/page/2");
    expect(within(nav).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/blog/page/2");
  });

  it("in the middle, links back to /blog for page 1 and on to the next page", () => {
    renderPagination(2, 3);
    const nav = screen.getByRole("navigation", { name: "Blog pages" });
    expect(within(nav).getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/blog");
    expect(within(nav).getByRole("link", { name: "Page 1" })).toHaveAttribute("href", "/blog");
    expect(within(nav).queryByRole("link", { name: "Page 2" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/blog/page/3");
  });

  it("on the last page, has no Next link", () => {
    renderPagination(3, 3);
    expect(screen.queryByRole("link", { name: "Next page" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/blog/page/2");
  });
});

describe("BlogIndex with eleven posts", () => {
  const posts = testPosts(11);
  const tags = ["assessment", "grading"];
  const pageData = (page: number): ListData => ({ posts: pageItems(posts, page), page, pageCount: 2, tags });

  it("lists nine cards on page 1, and a reader can move to page 2 for the rest", async () => {
    const user = userEvent.setup();
    const Stub = createRoutesStub([
      { path: "/blog", Component: List, loader: () => pageData(1) },
      { path: "/blog/page/:page", Component: List, loader: () => pageData(2) },
    ]);
    render(<Stub initialEntries={["/blog"]} />);
    expect(await screen.findAllByRole("article")).toHaveLength(9);
    expect(screen.getByRole("heading", { name: "Post number 1" })).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Next page" }));
    expect(await screen.findByRole("heading", { name: "Post number 10" })).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/blog");
  });

  it("links every topic", async () => {
    const Stub = createRoutesStub([{ path: "/blog", Component: List, loader: () => pageData(1) }]);
    render(<Stub initialEntries={["/blog"]} />);
    const topics = await screen.findByRole("list", { name: "Topics" });
    expect(within(topics).getByRole("link", { name: "Assessment" })).toHaveAttribute(
      "href",
      "/blog/tag/assessment",
    );
    expect(within(topics).getByRole("link", { name: "Grading" })).toHaveAttribute(
      "href",
      "/blog/tag/grading",
    );
  });
});
