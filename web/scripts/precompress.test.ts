import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompress } from "./precompress";

async function files(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await files(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

async function build(layout: Record<string, string | Buffer>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "precompress-"));
  for (const [name, data] of Object.entries(layout)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), data);
  }
  return dir;
}

const page = `<!DOCTYPE html><h1>TeachPilot</h1>${"<p>Plan lessons in minutes.</p>".repeat(50)}`;
const script = "export const greeting = 'hello, teacher';\n".repeat(40);

describe("precompress", () => {
  it("writes brotli and gzip siblings that decode to each compressible file", async () => {
    const dir = await build({ "index.html": page, "assets/app-x1.js": script, "blog.data": page });
    await precompress(dir);
    expect(await files(dir)).toEqual([
      "assets/app-x1.js",
      "assets/app-x1.js.br",
      "assets/app-x1.js.gz",
      "blog.data",
      "blog.data.br",
      "blog.data.gz",
      "index.html",
      "index.html.br",
      "index.html.gz",
    ]);
    for (const name of ["index.html", "assets/app-x1.js", "blog.data"]) {
      const original = await readFile(path.join(dir, name));
      expect(brotliDecompressSync(await readFile(path.join(dir, `${name}.br`)))).toEqual(original);
      expect(gunzipSync(await readFile(path.join(dir, `${name}.gz`)))).toEqual(original);
    }
  });

  it("leaves images and files too small to shrink alone", async () => {
    const png = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "binary"), Buffer.alloc(400, 7)]);
    const dir = await build({ "images/logo.png": png, "assets/tiny.js": "a()" });
    const stats = await precompress(dir);
    expect(stats.written).toBe(0);
    expect(await files(dir)).toEqual(["assets/tiny.js", "images/logo.png"]);
  });

  it("replaces siblings left by an earlier build and removes ones no longer smaller", async () => {
    const dir = await build({
      "index.html": page,
      "index.html.br": "stale",
      "robots.txt": "a",
      "robots.txt.gz": "stale",
    });
    await precompress(dir);
    expect(await files(dir)).toEqual(["index.html", "index.html.br", "index.html.gz", "robots.txt"]);
    expect(brotliDecompressSync(await readFile(path.join(dir, "index.html.br"))).toString()).toBe(page);
  });

  it("compresses a file ending in .gz that is not a sibling only by its own type", async () => {
    const dir = await build({ "downloads/archive.tar.gz": "not really gzip" });
    await precompress(dir);
    expect(await files(dir)).toEqual(["downloads/archive.tar.gz"]);
  });
});
