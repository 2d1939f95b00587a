import path from "node:path";
import { describe, expect, it } from "vitest";
import { PostValidationError } from "./front-matter.server";
import { isPostFile, loadPosts, projectRoot } from "./posts.server";

const fixtures = path.join(import.meta.dirname, "__fixtures__");
const publicDir = path.join(fixtures, "public");

function load(dir: string, includeDrafts = false) {
  return loadPosts({ contentDir: path.join(fixtures, "posts", dir), publicDir, includeDrafts });
}

async function problemsOf(dir: string): Promise<string[]> {
  try {
    await load(dir);
  } catch (error) {
    if (error instanceof PostValidationError) return error.problems;
    throw error;
  }
  throw new Error(`expected the posts in ${dir} to be rejected`);
}

describe("the build rejects a broken post, naming the file and the field", () => {
  const scenarios = [
    { name: "missing title", dir: "broken/missing-title", want: "missing-title.md: title: is required" },
    {
      name: "date that does not exist",
      dir: "broken/bad-date",
      want: 'bad-date.md: date: must be a real date written YYYY-MM-DD, got "2026-02-30"',
    },
    {
      name: "date not written YYYY-MM-DD",
      dir: "broken/date-not-iso",
      want: 'date-not-iso.md: date: must be a real date written YYYY-MM-DD, got "March 10, 2026"',
    },
    {
      name: "updated before the publication date",
      dir: "broken/updated-before-date",
      want: "updated-before-date.md: updated: (2026-03-01) must not be before date (2026-03-10)",
    },
    {
      name: "tag that is not kebab-case",
      dir: "broken/bad-tag",
      want: 'bad-tag.md: tags: "Lesson Planning" must be kebab-case (a-z, 0-9 and -), e.g. lesson-planning',
    },
    {
      name: "two files with the same slug",
      dir: "broken/duplicate-slug",
      want: 'duplicate-slug/2026/same-slug.md: slug: "same-slug" is already used by broken/duplicate-slug/2025/same-slug.md; file names must be unique',
    },
    {
      name: "cover file that does not exist",
      dir: "broken/missing-cover",
      want: "missing-cover.md: cover: file not found: web/public/images/blog/no-such-cover.svg",
    },
    {
      name: "missing cover alt text",
      dir: "broken/missing-cover-alt",
      want: "missing-cover-alt.md: coverAlt: is required",
    },
    {
      name: "draft that is not a boolean",
      dir: "broken/draft-not-boolean",
      want: 'draft-not-boolean.md: draft: must be true or false, got "no"',
    },
    {
      name: "description too short for search results",
      dir: "broken/short-description",
      want: "short-description.md: description: must be 50–200 characters, has 10",
    },
    {
      name: "author without a role",
      dir: "broken/missing-author-role",
      want: "missing-author-role.md: author.role: is required",
    },
    {
      name: "misspelt field",
      dir: "broken/unknown-field",
      want: "unknown-field.md: tag: is not a known field",
    },
    {
      name: "no front matter",
      dir: "broken/no-front-matter",
      want: 'no-front-matter.md: front matter: must open the file, between two "---" lines',
    },
    {
      name: "file name that is not kebab-case",
      dir: "broken/bad-slug",
      want: 'Bad_Slug.md: slug: the file name "Bad_Slug" must be kebab-case',
    },
    {
      name: "second h1 in the body",
      dir: "broken/h1-in-body",
      want: 'h1-in-body.md: body: must not contain a level-1 heading ("# ")',
    },
  ];

  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const problems = await problemsOf(scenario.dir);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(scenario.want);
    });
  }

  it("lists every problem in the error message, so one build run shows them all", async () => {
    await expect(load("broken")).rejects.toThrow(
      /bad-tag\.md: tags: [\s\S]*missing-title\.md: title: is required/,
    );
  });
});

describe("valid posts", () => {
  it("come newest first and leave drafts out of a build", async () => {
    const posts = await load("valid");
    expect(posts.map((post) => post.slug)).toEqual(["long-post", "short-post"]);
  });

  it("include drafts in development", async () => {
    const posts = await load("valid", true);
    expect(posts.map((post) => post.slug)).toEqual(["draft-post", "long-post", "short-post"]);
    expect(posts[0]?.draft).toBe(true);
  });

  it("carry their front matter", async () => {
    const [post] = await load("valid");
    expect(post).toMatchObject({
      slug: "long-post",
      title: "A Long Post",
      date: "2026-04-01",
      updated: "2026-04-15",
      author: { name: "Test Author", role: "Fixture writer" },
      tags: ["lesson-planning", "ai"],
      cover: "/images/blog/fixture-cover.svg",
      coverAlt: "A fixture cover",
      draft: false,
    });
  });

  it("get a reading time of words / 200, rounded up", async () => {
    const [long, short] = await load("valid");
    // About 420 words: three minutes.
    expect(long?.readingMinutes).toBe(3);
    expect(short?.readingMinutes).toBe(1);
  });
});

describe("rendered Markdown", () => {
  async function longPost() {
    const [post] = await load("valid");
    if (!post) throw new Error("no post");
    return post;
  }

  it("drops scripts and event handlers but keeps safe raw HTML", async () => {
    const { html } = await longPost();
    expect(html).not.toContain("<script");
    expect(html).not.toContain("alert(");
    expect(html).not.toContain("onclick");
    expect(html).toContain("<kbd>Ctrl</kbd>");
  });

  it("gives headings ids and makes them links to themselves", async () => {
    const { html } = await longPost();
    expect(html).toContain(
      '<h2 id="first-section"><a class="heading-anchor" href="#first-section">First section</a></h2>',
    );
  });

  it("wraps tables in a labelled, focusable scrolling region", async () => {
    const { html } = await longPost();
    expect(html).toMatch(
      /<div class="table-scroll" role="region" aria-label="Table: Criterion, Meets, Not yet" tabindex="0"><table>/,
    );
  });

  it("lists h2 and h3 headings for the table of contents", async () => {
    const { toc } = await longPost();
    expect(toc).toEqual([
      { id: "first-section", text: "First section", depth: 2 },
      { id: "a-subsection", text: "A subsection", depth: 3 },
      { id: "second-section", text: "Second section", depth: 2 },
      { id: "third-section", text: "Third section", depth: 2 },
      { id: "fourth-section", text: "Fourth section", depth: 2 },
    ]);
  });
});

describe("post files", () => {
  it("are *.md files except README.md and _notes", () => {
    expect(isPostFile("plan-a-lesson.md")).toBe(true);
    expect(isPostFile("README.md")).toBe(false);
    expect(isPostFile("_template.md")).toBe(false);
    expect(isPostFile("notes.txt")).toBe(false);
  });
});

describe("the site's own posts", () => {
  it("are all valid, so the build will not stop on them", async () => {
    const root = projectRoot();
    const posts = await loadPosts({
      contentDir: path.join(root, "content", "blog"),
      publicDir: path.join(root, "web", "public"),
      includeDrafts: true,
    });
    expect(posts.length).toBeGreaterThan(0);
  });
});
