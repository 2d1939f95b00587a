import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "react-router";
import { paths } from "~/config/site";
import { formatDate, readingTimeLabel } from "./format";
import { BLOG_PATH } from "./paths";
import { COVER_HEIGHT, COVER_WIDTH } from "./post-card";
import { PostList } from "./post-list";
import { PostNav } from "./post-nav";
import { TagList } from "./tag-list";
import { hasToc, TableOfContents } from "./toc";
import type { Post, PostSummary } from "./types";
import "./prose.css";

/** ArticleData is what the post route's loader returns. */
export interface ArticleData {
  post: Post;
  /** The post published just before this one. */
  previous?: PostSummary;
  /** The post published just after this one. */
  next?: PostSummary;
  related: PostSummary[];
}

/**
 * BlogArticle is a whole post page: breadcrumb, title, author, dates, reading time, tags,
 * cover, table of contents (long posts), the body, a call to try the lesson planner, links to
 * the previous and next posts and related posts.
 */
export function BlogArticle({ post, previous, next, related }: ArticleData) {
  return (
    <>
      <article aria-labelledby="post-title" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <ol className="flex flex-wrap gap-1">
            <li>
              <Link to={paths.home} className="underline-offset-4 hover:text-indigo-700 hover:underline">
                Home
              </Link>
              <span aria-hidden="true"> / </span>
            </li>
            <li>
              <Link to={BLOG_PATH} className="underline-offset-4 hover:text-indigo-700 hover:underline">
                Blog
              </Link>
            </li>
          </ol>
        </nav>
        <header className="mt-6">
          {post.draft && (
            <p className="mb-4 w-fit rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">
              Draft: shown in development only, never published
            </p>
          )}
          <h1 id="post-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {post.title}
          </h1>
          <p className="mt-4 text-lg text-slate-700">{post.description}</p>
          <dl className="mt-6 grid gap-x-8 gap-y-3 text-sm text-slate-700 sm:grid-cols-2">
            <div>
              <dt className="font-semibold text-slate-900">Written by</dt>
              <dd>
                {post.author.name}, <span className="text-slate-600">{post.author.role}</span>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Reading time</dt>
              <dd>{readingTimeLabel(post.readingMinutes)}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Published</dt>
              <dd>
                <time dateTime={post.date}>{formatDate(post.date)}</time>
              </dd>
            </div>
            {post.updated && post.updated !== post.date && (
              <div>
                <dt className="font-semibold text-slate-900">Updated</dt>
                <dd>
                  <time dateTime={post.updated}>{formatDate(post.updated)}</time>
                </dd>
              </div>
            )}
          </dl>
          <div className="mt-6">
            <TagList tags={post.tags} />
          </div>
        </header>
        <img
          src={post.cover}
          alt={post.coverAlt}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          loading="eager"
          fetchPriority="high"
          className="mt-8 aspect-[1200/630] w-full rounded-2xl bg-indigo-50 object-cover"
        />
        {hasToc(post.toc) && (
          <div className="mt-10">
            <TableOfContents toc={post.toc} />
          </div>
        )}
        {/* The HTML was rendered from Markdown and sanitised at build time (markdown.server.ts). */}
        <div
          className="blog-prose mt-10"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by rehype-sanitize at build time
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
        <aside
          aria-labelledby="cta-heading"
          className="mt-14 rounded-2xl bg-indigo-700 px-6 py-8 text-white sm:px-10"
        >
          <h2 id="cta-heading" className="text-2xl font-bold">
            Plan your next lesson in minutes
          </h2>
          <p className="mt-2 text-indigo-100">
            Tell us the subject, grade and topic, and get a first draft of a lesson plan to make your own.
          </p>
          <Link
            to={paths.lessonPlan}
            className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-5 py-2.5 font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Try the lesson planner
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </aside>
        <PostNav previous={previous} next={next} />
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
            <h2 id="related-heading" className="text-2xl font-bold text-slate-900">
              Related posts
            </h2>
            <div className="mt-8">
              <PostList posts={related} headingLevel={3} eagerFirst={false} />
            </div>
          </div>
        </section>
      )}
    </>
  );
}
