// React Router pre-renders a resource route (rss.xml, sitemap.xml, robots.txt, social images)
// twice: the file itself and a ".data" copy for client-side navigation, which never happens
// for files. pruneResourceData deletes those copies after the build so they are not embedded
// into the Go binary (the PNG copies alone are ~250 kB).
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/** isResourceDataFile says whether a build file is the ".data" copy of a pre-rendered file. */
export function isResourceDataFile(name: string): boolean {
  // "rss.xml.data", "x.png.data": a file extension before ".data". Page data ("blog.data",
  // "blog/some-post.data", "_root.data") has none: slugs never contain dots.
  return /\.[a-z0-9]+\.data$/i.test(name);
}

/** pruneResourceData removes resource routes' ".data" copies under dir; it returns them. */
export async function pruneResourceData(dir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "assets") removed.push(...(await pruneResourceData(full)));
      continue;
    }
    if (!isResourceDataFile(entry.name)) continue;
    const original = full.slice(0, -".data".length);
    const isFile = await stat(original).then(
      (s) => s.isFile(),
      () => false,
    );
    if (isFile) {
      await rm(full);
      removed.push(full);
    }
  }
  return removed;
}
