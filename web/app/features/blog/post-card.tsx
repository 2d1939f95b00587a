import { Link } from "react-router";
import { formatDate, readingTimeLabel } from "./format";
import { postPath } from "./paths";
import { TagList } from "./tag-list";
import type { PostSummary } from "./types";

/** COVER_WIDTH and COVER_HEIGHT are every cover's intrinsic size (1200×630, the social size). */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/**
 * PostCard shows one post in a list: cover, title (the link to the post), description,
 * author, date, reading time and tags. Only the first card of a page loads its cover eagerly;
 * the rest wait until they are scrolled near.
 */
export function PostCard({
  post,
  eager = false,
  headingLevel = 2,
}: {
  post: PostSummary;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const titleId = `post-${post.slug}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <img
        src={post.cover}
        alt={post.coverAlt}
        width={COVER_WIDTH}
        height={COVER_HEIGHT}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[1200/630] w-full bg-indigo-50 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        {post.draft && (
          <p className="w-fit rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold uppercase text-amber-900">
            Draft (shown in development only)
          </p>
        )}
        <Heading id={titleId} className="text-lg font-semibold leading-snug text-slate-900">
          <Link
            to={postPath(post.slug)}
            className="hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="text-slate-700">{post.description}</p>
        <p className="mt-auto text-sm text-slate-600">
          <span>{post.author.name}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span aria-hidden="true"> · </span>
          <span>{readingTimeLabel(post.readingMinutes)}</span>
        </p>
        <TagList tags={post.tags} />
      </div>
    </article>
  );
}
