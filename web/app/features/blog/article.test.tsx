import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type ArticleData, BlogArticle } from "./article";
import { testPost, testPosts } from "./test-posts";

const longToc = [
  { id: "why", text: "Why rubrics", depth: 2 as const },
  { id: "kinds", text: "Three kinds", depth: 2 as const },
  { id: "single-point", text: "Single-point", depth: 3 as const },
  { id: "example", text: "An example", depth: 2 as const },
  { id: "habits", text: "Habits", depth: 2 as const },
];

function renderArticle(overrides: Partial<ArticleData> = {}) {
  const [older, newer, relatedA, relatedB] = testPosts(4);
  const data: ArticleData = {
    post: testPost({
      updated: "2026-06-01",
      html: '<p>Start with the "Meets" column.</p><h2 id="why"><a class="heading-anchor" href="#why">Why rubrics</a></h2>',
    }),
    previous: older,
    next: newer,
    related: [relatedA, relatedB].filter((p) => p !== undefined),
    ...overrides,
  };
  return render(
    <MemoryRouter initialEntries={["/blog/grading-with-rubrics"]}>
      <BlogArticle {...data} />
    </MemoryRouter>,
  );
}

describe("BlogArticle", () => {
  it("is an article titled by the post's only h1", () => {
    renderArticle();
    const article = screen.getByRole("article", { name: "Grading With Rubrics" });
    expect(within(article).getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(within(article).getByRole("heading", { level: 1 })).toHaveTextContent("Grading With Rubrics");
  });

  it("credits the author with their role, and shows both dates and the reading time", () => {
    renderArticle();
    expect(screen.getByText("Written by").nextElementSibling).toHaveTextContent(
      "Ana Reyes, High school English teacher",
    );
    const published = screen.getByText("May 12, 2026");
    expect(published).toHaveAttribute("dateTime", "2026-05-12");
    const updated = screen.getByText("June 1, 2026");
    expect(updated).toHaveAttribute("dateTime", "2026-06-01");
    expect(screen.getByText("Updated")).toBeInTheDocument();
    const article = screen.getByRole("article", { name: "Grading With Rubrics" });
    expect(within(article).getByText("Reading time").nextElementSibling).toHaveTextContent("5 min read");
  });

  it("shows no Updated date for a post never updated", () => {
    renderArticle({ post: testPost() });
    expect(screen.queryByText("Updated")).not.toBeInTheDocument();
  });

  it("loads the cover first, at full priority", () => {
    renderArticle();
    const article = screen.getByRole("article", { name: "Grading With Rubrics" });
    const cover = within(article).getByRole("img", { name: "A rubric on a clipboard" });
    expect(cover).toHaveAttribute("loading", "eager");
    expect(cover).toHaveAttribute("fetchpriority", "high");
    expect(cover).toHaveAttribute("width", "1200");
  });

  it("renders the post's HTML", () => {
    renderArticle();
    expect(screen.getByText('Start with the "Meets" column.')).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Why rubrics" })).toHaveAttribute("href", "#why");
  });

  it("has a table of contents only for long posts (four sections or more)", () => {
    const { unmount } = renderArticle();
    expect(screen.queryByRole("navigation", { name: "On this page" })).not.toBeInTheDocument();
    unmount();
    renderArticle({ post: testPost({ toc: longToc }) });
    const toc = screen.getByRole("navigation", { name: "On this page" });
    expect(
      within(toc)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["#why", "#kinds", "#single-point", "#example", "#habits"]);
  });

  it("invites the reader to try the lesson planner", () => {
    renderArticle();
    expect(screen.getByRole("link", { name: "Try the lesson planner" })).toHaveAttribute(
      "href",
      "/lesson-plan",
    );
  });

  it("links the previous and next posts", () => {
    renderArticle();
    const nav = screen.getByRole("navigation", { name: "Previous and next posts" });
    expect(within(nav).getByRole("link", { name: /Previous post\s*Post number 1/ })).toHaveAttribute(
      "href",
      "/blog/post-1",
    );
    expect(within(nav).getByRole("link", { name: /Next post\s*Post number 2/ })).toHaveAttribute(
      "href",
      "/blog/post-2",
    );
  });

  it("lists related posts as cards under their own heading", () => {
    renderArticle();
    const related = screen.getByRole("region", { name: "Related posts" });
    expect(within(related).getAllByRole("article")).toHaveLength(2);
    expect(within(related).getByRole("heading", { level: 3, name: "Post number 3" })).toBeInTheDocument();
  });

  it("leaves out the related section when no other post shares a tag", () => {
    renderArticle({ related: [] });
    expect(screen.queryByRole("region", { name: "Related posts" })).not.toBeInTheDocument();
  });

  it("links the tags and the way back to the blog", () => {
    renderArticle();
    const breadcrumb = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(breadcrumb).getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    const tags = screen.getAllByRole("list", { name: "Tags" })[0];
    expect(tags && within(tags).getByRole("link", { name: "Grading" })).toHaveAttribute(
      "href",
      "/blog/tag/grading",
    );
  });
});
