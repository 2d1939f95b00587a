import { BlogArticle } from "~/features/blog/article";
import { articleData } from "~/features/blog/data.server";
import { articleMeta, notFoundMeta } from "~/features/blog/meta";
import { BlogErrorBoundary } from "~/features/blog/not-found";
import type { Route } from "./+types/blog-post";

// Every published post is pre-rendered; an unknown slug throws a 404 (never written to disk).
export async function loader({ params }: Route.LoaderArgs) {
  return articleData(params.slug);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? articleMeta(loaderData.post) : notFoundMeta();
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return <BlogArticle {...loaderData} />;
}

export const ErrorBoundary = BlogErrorBoundary;
