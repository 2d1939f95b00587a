// Markdown to HTML for blog posts, at build time only. The `.server.ts` suffix keeps unified
// and its plugins out of the client bundle: only route loaders import this module.
import type { Element, ElementContent, Root } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeRaw from "rehype-raw";
import rehypeSanitize from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { SKIP, visit } from "unist-util-visit";
import type { TocEntry } from "./types";

/** Rendered is the HTML of a Markdown body with what the page needs to know about it. */
export interface Rendered {
  html: string;
  toc: TocEntry[];
  words: number;
}

/** WORDS_PER_MINUTE is the reading speed behind every "N min read". */
export const WORDS_PER_MINUTE = 200;

/** readingMinutes is the time to read a number of words, rounded up, at least one minute. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

function isElement(node: ElementContent | Root, tagName?: string): node is Element {
  return node.type === "element" && (tagName === undefined || node.tagName === tagName);
}

// Tables wider than the screen scroll sideways inside a labelled, focusable region, so keyboard
// users can scroll them too (axe: scrollable-region-focusable).
function rehypeScrollableTables() {
  return (tree: Root) => {
    visit(tree, "element", (node, index, parent) => {
      if (node.tagName !== "table" || parent === undefined || index === undefined) return;
      const headerRow = node.children.find((child) => isElement(child, "thead"));
      const headers: string[] = [];
      if (headerRow && isElement(headerRow)) {
        visit(headerRow, "element", (cell) => {
          if (cell.tagName === "th") headers.push(hastToString(cell).trim());
        });
      }
      const label = headers.length > 0 ? `Table: ${headers.filter(Boolean).join(", ")}` : "Table";
      const wrapper: Element = {
        type: "element",
        tagName: "div",
        properties: { className: ["table-scroll"], role: "region", ariaLabel: label, tabIndex: 0 },
        children: [node],
      };
      parent.children[index] = wrapper;
      return SKIP;
    });
  };
}

// Images in a post body load lazily: the cover above them is the page's main image.
function rehypeLazyImages() {
  return (tree: Root) => {
    visit(tree, "element", (node) => {
      if (node.tagName === "img") {
        node.properties.loading = "lazy";
        node.properties.decoding = "async";
      }
    });
  };
}

// Every h2 and h3 with its id becomes an entry of the table of contents.
function rehypeCollectToc(toc: TocEntry[]) {
  return () => (tree: Root) => {
    visit(tree, "element", (node) => {
      if ((node.tagName === "h2" || node.tagName === "h3") && typeof node.properties.id === "string") {
        toc.push({
          id: node.properties.id,
          text: hastToString(node).trim(),
          depth: node.tagName === "h2" ? 2 : 3,
        });
      }
    });
  };
}

/**
 * renderMarkdown turns a post body into sanitised HTML. GitHub-flavoured Markdown (tables,
 * strikethrough, task lists) is supported; raw HTML is parsed and then sanitised with GitHub's
 * schema, so scripts, event handlers and styles never reach the page. Headings get ids and
 * become links to themselves; tables scroll inside a focusable region.
 */
export function renderMarkdown(markdown: string): Rendered {
  const toc: TocEntry[] = [];
  let words = 0;
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRaw)
    // Sanitise before our own plugins so the ids and attributes they add are kept as written.
    .use(rehypeSanitize)
    .use(() => (tree: Root) => {
      words = hastToString(tree).split(/\s+/).filter(Boolean).length;
    })
    .use(rehypeSlug)
    .use(rehypeAutolinkHeadings, {
      // Wrapping keeps each heading's accessible name its own text (an appended "#" link
      // would add noise to every heading a screen reader lists).
      behavior: "wrap",
      properties: { className: ["heading-anchor"] },
    })
    .use(rehypeScrollableTables)
    .use(rehypeLazyImages)
    .use(rehypeCollectToc(toc))
    .use(rehypeStringify);
  const html = String(processor.processSync(markdown));
  return { html, toc, words };
}
