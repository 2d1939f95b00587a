import { isRouteErrorResponse } from "react-router";
import NotFoundPage from "~/routes/not-found";

/**
 * BlogErrorBoundary shows the site's 404 page when a blog route's data does not exist (an
 * unknown slug, tag or page reached by client-side navigation: its .data file is missing, so
 * the server answers 404). Any other error goes up to the root error screen.
 */
export function BlogErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
