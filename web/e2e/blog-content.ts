// What the blog's end-to-end specs know of the posts, read from ../content/blog (so adding a
// post needs no change to a spec), and the helpers they share.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { parse as parseYaml } from "yaml";
import { expect } from "./fixtures";

/** ContentPost is what a test needs to know about a post, read from its Markdown file. */
export interface ContentPost {
  slug: string;
  title: string;
  description: string;
  date: string;
  updated?: string;
  author: { name: string; role: string };
  tags: string[];
  coverAlt: string;
  draft: boolean;
}

export const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../content/blog");

export function readPosts(dir: string): ContentPost[] {
  const posts: ContentPost[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) posts.push(...readPosts(file));
    if (!entry.isFile() || !entry.name.endsWith(".md")) continue;
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, "utf8"))?.[1] ?? "";
    const data = parseYaml(front) as Omit<ContentPost, "slug" | "draft"> & { draft?: boolean };
    posts.push({ ...data, slug: path.basename(entry.name, ".md"), draft: data.draft === true });
  }
  return posts;
}

export const allPosts = readPosts(contentDir);
/** published: every non-draft post, newest first (the order of the list and the feed). */
export const published = allPosts
  .filter((p) => !p.draft)
  .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
export const drafts = allPosts.filter((p) => p.draft);
export const tags = [...new Set(published.flatMap((p) => p.tags))].sort();
export const PAGE_SIZE = 9;
export const pages = Math.max(1, Math.ceil(published.length / PAGE_SIZE));

/** served fetches a path's HTML as the server sends it: what readers and crawlers get first. */
export async function served(request: APIRequestContext, pathname: string): Promise<string> {
  const res = await request.get(pathname);
  expect(res.status(), `${pathname} status`).toBe(200);
  return res.text();
}

/** parseXml parses XML in the browser (DOMParser) and returns the texts of every tag named. */
export async function xmlTexts(page: Page, xml: string, tagName: string): Promise<string[]> {
  return page.evaluate(
    ([text, tag]) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const error = doc.querySelector("parsererror");
      if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
      return [...doc.getElementsByTagName(tag)].map((el) => el.textContent ?? "");
    },
    [xml, tagName] as const,
  );
}

export const pathOf = (url: string) => new URL(url).pathname;
