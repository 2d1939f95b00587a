import { PostCard } from "./post-card";
import type { PostSummary } from "./types";

/**
 * PostList lays out post cards in a grid. On a list page the first card's cover loads eagerly
 * (it is near the top); below an article (eagerFirst false) every cover waits.
 */
export function PostList({
  posts,
  headingLevel = 2,
  eagerFirst = true,
}: {
  posts: readonly PostSummary[];
  headingLevel?: 2 | 3;
  eagerFirst?: boolean;
}) {
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.slug}>
          <PostCard post={post} eager={eagerFirst && index === 0} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
