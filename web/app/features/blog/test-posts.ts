// Posts for component tests (not shipped: only *.test.tsx files import this module).
import type { Post, PostSummary } from "./types";

/** testPost is a complete post; overrides replace any field. */
export function testPost(overrides: Partial<Post> = {}): Post {
  return {
    slug: "grading-with-rubrics",
    title: "Grading With Rubrics",
    description: "How a four-row rubric makes a stack of essays faster to grade and fairer to students.",
    date: "2026-05-12",
    author: { name: "Ana Reyes", role: "High school English teacher" },
    tags: ["grading", "assessment"],
    cover: "/images/blog/grading-with-rubrics.svg",
    coverAlt: "A rubric on a clipboard",
    readingMinutes: 5,
    draft: false,
    html: '<p>Start with the "Meets" column.</p>',
    toc: [],
    ...overrides,
  };
}

/** testPosts is count posts, newest first, one day apart, with slugs post-1 … post-N. */
export function testPosts(count: number): PostSummary[] {
  return Array.from({ length: count }, (_, i) => {
    const {
      html: _html,
      toc: _toc,
      ...summary
    } = testPost({
      slug: `post-${i + 1}`,
      title: `Post number ${i + 1}`,
      date: `2026-01-${String(28 - i).padStart(2, "0")}`,
    });
    return summary;
  });
}
