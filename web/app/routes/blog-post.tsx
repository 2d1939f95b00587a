import { PageBody, PageHeader } from "~/components/ui/page-header";
import { paths } from "~/config/site";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog-post";

function titleFromSlug(slug: string): string {
  const words = slug.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function meta({ params }: Route.MetaArgs) {
  return seo({
    title: titleFromSlug(params.slug),
    description: "An article for high school teachers.",
    url: paths.blogPost(params.slug),
    type: "article",
  });
}

export default function BlogPostPage({ params }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={titleFromSlug(params.slug)} intro="An article for high school teachers." />
      <PageBody>
        <p className="text-slate-700">This article is on its way.</p>
      </PageBody>
    </>
  );
}
