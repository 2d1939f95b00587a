import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PostCard } from "./post-card";
import { testPost } from "./test-posts";

function renderCard(props: Partial<Parameters<typeof PostCard>[0]> = {}) {
  return render(
    <MemoryRouter initialEntries={["/blog"]}>
      <PostCard post={testPost()} {...props} />
    </MemoryRouter>,
  );
}

describe("PostCard", () => {
  it("is an article named by the post title, which links to the post", () => {
    renderCard();
    const card = screen.getByRole("article", { name: "Grading With Rubrics" });
    expect(within(card).getByRole("heading", { level: 2, name: "Grading With Rubrics" })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Grading With Rubrics" })).toHaveAttribute(
      "href",
      "/blog/grading-with-rubrics",
    );
  });

  it("shows the description, author, a machine-readable date and the reading time", () => {
    renderCard();
    expect(screen.getByText(/four-row rubric makes a stack of essays faster/)).toBeInTheDocument();
    expect(screen.getByText("Ana Reyes")).toBeInTheDocument();
    const date = screen.getByText("May 12, 2026");
    expect(date.tagName).toBe("TIME");
    expect(date).toHaveAttribute("dateTime", "2026-05-12");
    expect(screen.getByText("5 min read")).toBeInTheDocument();
  });

  it("shows the cover with its alt text and size, lazy unless it is the first card", () => {
    const { unmount } = renderCard();
    const cover = screen.getByRole("img", { name: "A rubric on a clipboard" });
    expect(cover).toHaveAttribute("src", "/images/blog/grading-with-rubrics.svg");
    expect(cover).toHaveAttribute("width", "1200");
    expect(cover).toHaveAttribute("height", "630");
    expect(cover).toHaveAttribute("loading", "lazy");
    unmount();
    renderCard({ eager: true });
    expect(screen.getByRole("img", { name: "A rubric on a clipboard" })).toHaveAttribute("loading", "eager");
  });

  it("links each tag to its tag page", () => {
    renderCard();
    const tags = screen.getByRole("list", { name: "Tags" });
    expect(within(tags).getByRole("link", { name: "Grading" })).toHaveAttribute("href", "/blog/tag/grading");
    expect(within(tags).getByRole("link", { name: "Assessment" })).toHaveAttribute(
      "href",
      "/blog/tag/assessment",
    );
  });

  it("uses an h3 title where the cards sit under another heading", () => {
    renderCard({ headingLevel: 3 });
    expect(screen.getByRole("heading", { level: 3, name: "Grading With Rubrics" })).toBeInTheDocument();
  });

  it("marks a draft, which only development shows", () => {
    renderCard({ post: testPost({ draft: true }) });
    expect(screen.getByText(/Draft/)).toBeInTheDocument();
  });
});
