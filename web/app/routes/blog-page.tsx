import { BlogIndex } from "~/features/blog/blog-index";
import { listPageData } from "~/features/blog/data.server";
import { BLOG_DESCRIPTION, listMeta, notFoundMeta } from "~/features/blog/meta";
import { BlogErrorBoundary } from "~/features/blog/not-found";
import type { Route } from "./+types/blog-page";

// The blog list's page 2 and on; only pages that exist are pre-rendered.
export async function loader({ params }: Route.LoaderArgs) {
  return listPageData(params.page);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? listMeta(loaderData.page) : notFoundMeta();
}

export default function BlogListPage({ loaderData }: Route.ComponentProps) {
  return (
    <BlogIndex
      title={`Blog — page ${loaderData.page} of ${loaderData.pageCount}`}
      intro={BLOG_DESCRIPTION}
      data={loaderData}
    />
  );
}

export const ErrorBoundary = BlogErrorBoundary;
