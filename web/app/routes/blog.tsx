import { BlogIndex } from "~/features/blog/blog-index";
import { listData } from "~/features/blog/data.server";
import { BLOG_DESCRIPTION, listMeta } from "~/features/blog/meta";
import { BlogErrorBoundary } from "~/features/blog/not-found";
import type { Route } from "./+types/blog";

// Runs at build time only (pre-rendering); the client fetches the saved result.
export async function loader() {
  return listData(1);
}

export function meta() {
  return listMeta(1);
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return <BlogIndex title="Blog" intro={BLOG_DESCRIPTION} data={loaderData} />;
}

export const ErrorBoundary = BlogErrorBoundary;
