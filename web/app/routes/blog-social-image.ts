import { data } from "react-router";
import { coverFile, getPosts } from "~/features/blog/posts.server";
import { socialImage } from "~/features/blog/social-image.server";
import type { Route } from "./+types/blog-social-image";

// socialImagePath(slug): each post's cover as a 1200×630 PNG for og:image, written at build time.
export async function loader({ params }: Route.LoaderArgs) {
  const post = (await getPosts()).find((p) => p.slug === params.slug);
  if (!post) throw data("Not found", { status: 404 });
  const png = await socialImage(coverFile(post.cover));
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png" } });
}
