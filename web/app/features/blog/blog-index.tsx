import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageBody, PageHeader } from "~/components/ui/page-header";
import { Pagination } from "./pagination";
import { BLOG_PATH } from "./paths";
import { PostList } from "./post-list";
import { TagList } from "./tag-list";
import type { PostSummary } from "./types";

/** ListData is what every blog list route's loader returns. */
export interface ListData {
  posts: PostSummary[];
  page: number;
  pageCount: number;
  /** Every tag in use, for the "Browse by topic" links. */
  tags: string[];
}

/**
 * BlogIndex is a page of post cards: a page of the blog list or a tag's page.
 * With a back link it shows "All posts" above the title (tag pages).
 */
export function BlogIndex({
  title,
  intro,
  data,
  backToAll = false,
}: {
  title: string;
  intro: ReactNode;
  data: ListData;
  backToAll?: boolean;
}) {
  return (
    <>
      <PageHeader title={title} intro={intro}>
        {backToAll && (
          <p className="mt-6">
            <Link to={BLOG_PATH} className="font-medium text-indigo-700 underline-offset-4 hover:underline">
              ← All posts
            </Link>
          </p>
        )}
      </PageHeader>
      <PageBody className="max-w-6xl">
        {data.posts.length === 0 ? (
          <p className="text-slate-700">New posts are on their way. Check back soon.</p>
        ) : (
          <PostList posts={data.posts} />
        )}
        <Pagination page={data.page} pageCount={data.pageCount} />
        {data.tags.length > 0 && (
          <section aria-labelledby="topics-heading" className="mt-16 border-t border-slate-200 pt-8">
            <h2 id="topics-heading" className="text-lg font-semibold text-slate-900">
              Browse by topic
            </h2>
            <div className="mt-4">
              <TagList tags={data.tags} label="Topics" />
            </div>
          </section>
        )}
      </PageBody>
    </>
  );
}
