// Blog posts are read, validated and rendered here, at build time, by route loaders (which run
// while pages are pre-rendered) and by the pre-render path list. The `.server.ts` suffix keeps
// this module, the file system and the Markdown libraries out of the client bundle.
//
// This module is also imported by react-router.config.ts (through config/prerender.ts), which
// runs outside Vite: it must use relative imports only and must not rely on import.meta.env.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { readingMinutes, renderMarkdown } from "./markdown.server";
import { FIRST_PAGE_ALIAS, pageCount, pagePath, postPath, socialImagePath, tagPath } from "./paths";
import type { Post } from "./types";

/** LoadOptions says where posts and their covers are, and whether drafts are wanted. */
export interface LoadOptions {
  /** Directory of the Markdown posts (searched recursively for *.md). */
  contentDir: string;
  /** The site's public directory: a cover "/images/blog/x.svg" is publicDir/images/blog/x.svg. */
  publicDir: string;
  includeDrafts: boolean;
}

/** PostValidationError lists every problem found in the posts, one "file: field: problem" each. */
export class PostValidationError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(
      `Invalid blog posts (fix these in the files named):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    this.name = "PostValidationError";
    this.problems = problems;
  }
}

/** Limits a post's title and description must fit (search results cut longer ones). */
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 200;

const FIELDS = ["title", "description", "date", "updated", "author", "tags", "cover", "coverAlt", "draft"];
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const COVER = /^\/images\/blog\/[a-z0-9][a-z0-9-]*\.(?:svg|png|jpe?g|webp|avif)$/;

type Problems = (field: string, problem: string) => void;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isValidDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

function requiredText(data: Record<string, unknown>, field: string, report: Problems): string {
  const value = data[field];
  if (value === undefined || value === null) {
    report(field, "is required");
    return "";
  }
  if (typeof value !== "string") {
    report(field, `must be text, got ${JSON.stringify(value)}`);
    return "";
  }
  if (value.trim() === "") report(field, "must not be empty");
  return value.trim();
}

function dateField(data: Record<string, unknown>, field: string, report: Problems): string | undefined {
  const value = data[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || !isValidDate(value)) {
    report(field, `must be a real date written YYYY-MM-DD, got ${JSON.stringify(value)}`);
    return undefined;
  }
  return value;
}

/** FrontMatter splits a post file into its YAML front matter and its Markdown body. */
export function splitFrontMatter(source: string): { yaml: string; body: string } | undefined {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) return undefined;
  return { yaml: match[1] ?? "", body: source.slice(match[0].length) };
}

/** ParsedPost is a post's validated front matter with its Markdown body, before rendering. */
export type ParsedPost = Omit<Post, "html" | "toc" | "readingMinutes"> & { body: string };

/**
 * parsePost validates one post file's text. slug is its file name without ".md"; coverExists
 * says whether a cover path names a real file. Problems are reported through report as
 * (field, problem); the returned post is only meaningful when none were reported.
 */
export function parsePost(
  source: string,
  slug: string,
  coverExists: (cover: string) => boolean,
  report: Problems,
): ParsedPost {
  if (!KEBAB.test(slug)) report("slug", `the file name "${slug}" must be kebab-case (a-z, 0-9 and -)`);
  const parts = splitFrontMatter(source);
  if (!parts) {
    report("front matter", 'must open the file, between two "---" lines');
    return emptyPost(slug);
  }
  let data: unknown;
  try {
    data = parseYaml(parts.yaml);
  } catch (error) {
    report("front matter", `is not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
    return emptyPost(slug);
  }
  if (!isRecord(data)) {
    report("front matter", "must be a YAML mapping of fields");
    return emptyPost(slug);
  }
  for (const key of Object.keys(data)) {
    if (!FIELDS.includes(key)) report(key, `is not a known field (known: ${FIELDS.join(", ")})`);
  }

  const title = requiredText(data, "title", report);
  if (title.length > TITLE_MAX)
    report("title", `must be at most ${TITLE_MAX} characters, has ${title.length}`);
  const description = requiredText(data, "description", report);
  if (description && (description.length < DESCRIPTION_MIN || description.length > DESCRIPTION_MAX)) {
    report(
      "description",
      `must be ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} characters, has ${description.length}`,
    );
  }

  if (data.date === undefined || data.date === null) report("date", "is required");
  const date = dateField(data, "date", report) ?? "";
  const updated = dateField(data, "updated", report);
  if (date && updated && updated < date) report("updated", `(${updated}) must not be before date (${date})`);

  let author = { name: "", role: "" };
  if (data.author === undefined || data.author === null) {
    report("author", "is required (with name and role)");
  } else if (!isRecord(data.author)) {
    report("author", "must have name and role");
  } else {
    author = {
      name: requiredText(data.author, "name", (field, problem) => report(`author.${field}`, problem)),
      role: requiredText(data.author, "role", (field, problem) => report(`author.${field}`, problem)),
    };
  }

  const tags: string[] = [];
  if (!Array.isArray(data.tags) || data.tags.length === 0) {
    report("tags", "must be a list of at least one tag");
  } else {
    for (const tag of data.tags) {
      if (typeof tag !== "string" || !KEBAB.test(tag)) {
        report("tags", `${JSON.stringify(tag)} must be kebab-case (a-z, 0-9 and -), e.g. lesson-planning`);
      } else if (tags.includes(tag)) {
        report("tags", `"${tag}" is listed twice`);
      } else {
        tags.push(tag);
      }
    }
  }

  const cover = requiredText(data, "cover", report);
  if (cover && !COVER.test(cover)) {
    report("cover", `"${cover}" must be an image path like /images/blog/${slug}.svg`);
  } else if (cover && !coverExists(cover)) {
    report("cover", `file not found: web/public${cover}`);
  }
  const coverAlt = requiredText(data, "coverAlt", report);

  let draft = false;
  if (data.draft !== undefined) {
    if (typeof data.draft === "boolean") draft = data.draft;
    else report("draft", `must be true or false, got ${JSON.stringify(data.draft)}`);
  }

  const body = parts.body.trim();
  if (body === "") report("body", "is empty");
  if (/^#\s/m.test(body.replace(/```[\s\S]*?```/g, ""))) {
    report("body", 'must not contain a level-1 heading ("# "): the title is the page\'s only h1; use "##"');
  }

  return { slug, title, description, date, updated, author, tags, cover, coverAlt, draft, body };
}

function emptyPost(slug: string): ParsedPost {
  return {
    slug,
    title: "",
    description: "",
    date: "",
    author: { name: "", role: "" },
    tags: [],
    cover: "",
    coverAlt: "",
    draft: false,
    body: "",
  };
}

/**
 * isPostFile says whether a file in content/blog is a post: any *.md except README.md and
 * files starting with "_" (notes and templates for writers).
 */
export function isPostFile(name: string): boolean {
  return name.endsWith(".md") && name.toLowerCase() !== "readme.md" && !name.startsWith("_");
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await markdownFiles(full)));
    else if (entry.isFile() && isPostFile(entry.name)) files.push(full);
  }
  return files;
}

/** newestFirst orders posts by date, newest first; posts of the same day by title. */
export function newestFirst<T extends { date: string; title: string }>(a: T, b: T): number {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title);
}

/**
 * loadPosts reads every post file under contentDir (isPostFile), validates all of them and renders their
 * Markdown. It fails with a PostValidationError naming each file and field that is wrong, so
 * a broken post stops the build. Drafts are left out unless includeDrafts. Posts come newest
 * first.
 */
export async function loadPosts(options: LoadOptions): Promise<Post[]> {
  const files = await markdownFiles(options.contentDir);
  const displayRoot = path.dirname(path.dirname(options.contentDir));
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const parsed: ParsedPost[] = [];
  const coverExists = (cover: string) => existsSync(path.join(options.publicDir, ...cover.split("/")));

  for (const file of files) {
    const display = path.relative(displayRoot, file).split(path.sep).join("/");
    const slug = path.basename(file, ".md");
    const report: Problems = (field, problem) => problems.push(`${display}: ${field}: ${problem}`);
    const previous = seen.get(slug);
    if (previous) report("slug", `"${slug}" is already used by ${previous}; file names must be unique`);
    seen.set(slug, display);
    parsed.push(parsePost(await readFile(file, "utf8"), slug, coverExists, report));
  }
  if (problems.length > 0) throw new PostValidationError(problems);

  return parsed
    .filter((post) => options.includeDrafts || !post.draft)
    .map(({ body, ...meta }) => {
      const rendered = renderMarkdown(body);
      return {
        ...meta,
        html: rendered.html,
        toc: rendered.toc,
        readingMinutes: readingMinutes(rendered.words),
      };
    })
    .sort(newestFirst);
}

/**
 * projectRoot finds the directory holding content/blog: BLOG_PROJECT_ROOT if set, else the
 * first ancestor of the working directory or of this module that has one (the build runs in
 * web/, the built server bundle lives in web/build/server/).
 */
export function projectRoot(): string {
  const fromEnv = process.env.BLOG_PROJECT_ROOT;
  if (fromEnv) return path.resolve(fromEnv);
  const starts = [process.cwd()];
  try {
    starts.push(path.dirname(fileURLToPath(import.meta.url)));
  } catch {
    // import.meta.url is not a file: URL in some test runners; the working directory is enough.
  }
  for (const start of starts) {
    let dir = start;
    for (;;) {
      if (existsSync(path.join(dir, "content", "blog")) && existsSync(path.join(dir, "web", "public")))
        return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error(`blog: content/blog not found above ${starts.join(" or ")}; set BLOG_PROJECT_ROOT`);
}

/** isDevelopment is true under the Vite dev server, where drafts are shown. */
function isDevelopment(): boolean {
  // import.meta.env is Vite's; it is undefined when react-router.config.ts loads this module.
  return import.meta.env?.DEV === true;
}

let cached: Promise<Post[]> | undefined;

/**
 * getPosts returns the site's posts, newest first: published posts in a build, drafts too in
 * development. A build reads the files once; development re-reads them on every request so
 * edits show up.
 */
export function getPosts(): Promise<Post[]> {
  const dev = isDevelopment();
  if (cached && !dev) return cached;
  const root = projectRoot();
  const posts = loadPosts({
    contentDir: path.join(root, "content", "blog"),
    publicDir: path.join(root, "web", "public"),
    includeDrafts: dev,
  });
  if (!dev) cached = posts;
  return posts;
}

/** coverFile is the file on disk of a post's cover (a site path under web/public). */
export function coverFile(cover: string): string {
  return path.join(projectRoot(), "web", "public", ...cover.split("/"));
}

/** allTags lists every tag used by the posts, alphabetically. */
export function allTags(posts: readonly Post[]): string[] {
  return [...new Set(posts.flatMap((post) => post.tags))].sort();
}

/**
 * blogPrerenderPaths lists every blog path a build writes: each post, each list page after
 * the first (and /blog/page/1, a redirect to /blog), each tag page and each post's social
 * image. Drafts are never pre-rendered.
 */
export async function blogPrerenderPaths(): Promise<string[]> {
  const posts = (await getPosts()).filter((post) => !post.draft);
  const pages = Array.from({ length: pageCount(posts.length) - 1 }, (_, i) => pagePath(i + 2));
  return [
    ...posts.map((post) => postPath(post.slug)),
    FIRST_PAGE_ALIAS,
    ...pages,
    ...allTags(posts).map(tagPath),
    ...posts.map((post) => socialImagePath(post.slug)),
  ];
}
