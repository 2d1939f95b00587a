// Blog posts are read and rendered here (front-matter.server.ts validates them), at build
// time, by route loaders (which run while pages are pre-rendered) and by the pre-render path
// list. The `.server.ts` suffix keeps this module, the file system and the Markdown libraries
// out of the client bundle.
//
// This module is also imported by react-router.config.ts (through config/prerender.ts), which
// runs outside Vite: it must use relative imports only and must not rely on import.meta.env.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ParsedPost, PostValidationError, type Problems, parsePost } from "./front-matter.server";
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
 * the first (and FIRST_PAGE_ALIAS, a redirect to the first), each tag page and each post's social
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
