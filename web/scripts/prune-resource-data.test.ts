import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pruneResourceData } from "./prune-resource-data";

async function files(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await files(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

describe("pruneResourceData", () => {
  it("removes the .data copies of pre-rendered files and keeps page data", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "prune-"));
    const layout = [
      "rss.xml",
      "rss.xml.data",
      "robots.txt",
      "robots.txt.data",
      "og/post.png",
      "og/post.png.data",
      "_root.data",
      "blog.data",
      "blog/post.data",
      "blog/post/index.html",
      "assets/chunk.js",
    ];
    for (const file of layout) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), "x");
    }
    const removed = await pruneResourceData(dir);
    expect(removed).toHaveLength(3);
    expect(await files(dir)).toEqual([
      "_root.data",
      "assets/chunk.js",
      "blog.data",
      "blog/post.data",
      "blog/post/index.html",
      "og/post.png",
      "robots.txt",
      "rss.xml",
    ]);
  });
});
