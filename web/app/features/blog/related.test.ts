import { describe, expect, it } from "vitest";
import { neighbours, relatedPosts } from "./related";

const posts = [
  { slug: "newest", date: "2026-05-01", tags: ["ai", "privacy"] },
  { slug: "middle", date: "2026-04-01", tags: ["grading"] },
  { slug: "oldest", date: "2026-03-01", tags: ["ai", "grading", "privacy"] },
  { slug: "other", date: "2026-02-01", tags: ["ai"] },
];

describe("neighbours", () => {
  it("are the older post (previous) and the newer post (next)", () => {
    expect(neighbours(posts, "middle")).toEqual({ previous: posts[2], next: posts[0] });
  });

  it("are missing at either end", () => {
    expect(neighbours(posts, "newest")).toEqual({ previous: posts[1], next: undefined });
    expect(neighbours(posts, "other")).toEqual({ previous: undefined, next: posts[2] });
  });
});

describe("relatedPosts", () => {
  it("ranks posts by shared tags, then newest, without the post itself", () => {
    const newest = posts[0];
    if (!newest) throw new Error("no posts");
    expect(relatedPosts(posts, newest).map((p) => p.slug)).toEqual(["oldest", "other"]);
  });

  it("leaves out posts sharing no tag and stops at the limit", () => {
    const oldest = posts[2];
    if (!oldest) throw new Error("no posts");
    expect(relatedPosts(posts, oldest, 2).map((p) => p.slug)).toEqual(["newest", "middle"]);
  });
});
