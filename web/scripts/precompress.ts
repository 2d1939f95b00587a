// precompress writes "<file>.br" (brotli 11) and "<file>.gz" (gzip 9) next to every
// compressible file of the client build, so the Go binary embeds them and serves them as
// the file's encoded representations instead of compressing everything at start (about 3 s
// of CPU per start). A sibling is written only when it is smaller than the file; a stale one
// from an earlier build is removed. The Go server (internal/server/site.go) never serves the
// siblings at URLs of their own, and checks at load that each one decodes to its file.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Extensions whose content the server compresses: the compressible types of
 * internal/server/site.go (text, JSON, XML, SVG, icons, React Router's ".data").
 */
export const compressibleExtensions = new Set([
  ".html",
  ".css",
  ".js",
  ".mjs",
  ".json",
  ".map",
  ".webmanifest",
  ".data",
  ".txt",
  ".xml",
  ".svg",
  ".ico",
  ".ttf",
]);

/** The suffixes of the pre-compressed siblings, by encoding. */
export const siblingSuffixes = [".br", ".gz"] as const;

/** PrecompressStats counts what precompress did, for the build log. */
export interface PrecompressStats {
  files: number;
  written: number;
  bytesIn: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** compressBrotli is brotli at its best quality, sized for the input. */
export function compressBrotli(data: Buffer): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** compressGzip is gzip at its best level. */
export function compressGzip(data: Buffer): Buffer {
  return gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** precompress writes the .br and .gz siblings of the compressible files under dir. */
export async function precompress(dir: string): Promise<PrecompressStats> {
  const stats: PrecompressStats = { files: 0, written: 0, bytesIn: 0, brotliBytes: 0, gzipBytes: 0 };
  const all = await walk(dir);
  const names = new Set(all);
  for (const file of all) {
    // A sibling of another file of the build is output, not input.
    if (siblingSuffixes.some((s) => file.endsWith(s) && names.has(file.slice(0, -s.length)))) continue;
    if (!compressibleExtensions.has(path.extname(file).toLowerCase())) continue;
    const data = await readFile(file);
    stats.files++;
    stats.bytesIn += data.length;
    const encoded: [string, Buffer][] = [
      [".br", compressBrotli(data)],
      [".gz", compressGzip(data)],
    ];
    for (const [suffix, body] of encoded) {
      if (body.length < data.length) {
        await writeFile(file + suffix, body);
        stats.written++;
        if (suffix === ".br") stats.brotliBytes += body.length;
        else stats.gzipBytes += body.length;
      } else {
        await rm(file + suffix, { force: true });
      }
    }
  }
  return stats;
}
