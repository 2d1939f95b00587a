// A blog post's front matter, validated: every field a post file must (or may) have, with a
// message naming the field and the problem for each mistake, so a broken post stops the build
// with a list of what to fix. Loading the files is posts.server.ts's job. Relative imports
// only: react-router.config.ts loads this module (through posts.server.ts) outside Vite.
import { parse as parseYaml } from "yaml";
import type { Post } from "./types";

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

/** Problems receives each problem found, as (field, problem). */
export type Problems = (field: string, problem: string) => void;

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
