import { inflateRawSync } from "node:zlib";

// A reader for the few zip files the tests download (a .docx is a zip): the central directory
// names every entry and where it starts; an entry is stored (method 0) or deflated (method 8).
// Enough to read word/document.xml back, independently of the Go code that wrote it, without
// an npm dependency. Zip64 and encryption are not supported (a plan's .docx never needs them).

/** unzipEntries returns every entry of the zip in data by name. It throws on anything else. */
export function unzipEntries(data: Buffer): Map<string, Buffer> {
  // The end-of-central-directory record: signature 0x06054b50, within the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 65_557); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("not a zip: no end of central directory");
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (data.readUInt32LE(at) !== 0x02014b50) throw new Error(`zip: bad central directory entry ${n}`);
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const nameLen = data.readUInt16LE(at + 28);
    const extraLen = data.readUInt16LE(at + 30);
    const commentLen = data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    const name = data.subarray(at + 46, at + 46 + nameLen).toString("utf8");
    at += 46 + nameLen + extraLen + commentLen;

    if (data.readUInt32LE(local) !== 0x04034b50) throw new Error(`zip: bad local header for ${name}`);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + compressed);
    if (method === 0) out.set(name, Buffer.from(raw));
    else if (method === 8) out.set(name, inflateRawSync(raw));
    else throw new Error(`zip: ${name} uses compression method ${method}`);
  }
  return out;
}

/** xmlText is the text of an XML document: its tags dropped, the five entities decoded. */
export function xmlText(xml: string): string {
  return xml
    .replace(/<\/w:p>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
