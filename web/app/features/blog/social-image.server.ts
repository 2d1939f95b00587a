// Social networks do not accept SVG as og:image, so each post's cover is rendered to a
// 1200×630 PNG at build time (by a pre-rendered resource route) with sharp, which ships
// prebuilt libvips (including its SVG renderer) as platform packages: no install scripts,
// no system libraries, nothing to commit by hand when a writer adds a post.
import sharp from "sharp";

/** SOCIAL_WIDTH and SOCIAL_HEIGHT are the Open Graph image size every network accepts. */
export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;

/** socialImage renders an image file (SVG, PNG, JPEG, WebP) as a 1200×630 opaque PNG. */
export async function socialImage(file: string): Promise<Buffer> {
  return sharp(file, { density: 144 })
    .resize(SOCIAL_WIDTH, SOCIAL_HEIGHT, { fit: "cover" })
    .flatten({ background: "#ffffff" })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
