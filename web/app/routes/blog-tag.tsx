import { BlogIndex } from "~/features/blog/blog-index";
import { tagData } from "~/features/blog/data.server";
import { notFoundMeta, tagMeta } from "~/features/blog/meta";
import { BlogErrorBoundary } from "~/features/blog/not-found";
import { tagLabel, tagTopic } from "~/features/blog/paths";
import type { Route } from "./+types/blog-tag";

// A tag's page for every tag in use; pre-rendered from the posts' tags.
export async function loader({ params }: Route.LoaderArgs) {
  return tagData(params.tag);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? tagMeta(loaderData.tag) : notFoundMeta();
}

export default function BlogTagPage({ loaderData }: Route.ComponentProps) {
  const count = loaderData.posts.length;
  return (
    <BlogIndex
      title={tagLabel(loaderData.tag)}
      intro={`${count} ${count === 1 ? "post" : "posts"} for high school teachers about ${tagTopic(loaderData.tag)}, newest first.`}
      data={loaderData}
      backToAll
    />
  );
}

export const ErrorBoundary = BlogErrorBoundary;
