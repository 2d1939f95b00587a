// prerenderPaths lists every public path that is rendered to HTML at build time.
// Blog posts are added by the blog feature.
export async function prerenderPaths(): Promise<string[]> {
  return [
    "/",
    "/blog",
    "/lesson-plan",
    "/submission-success",
    "/contact",
    "/newsletter/check-email",
    "/newsletter/confirm",
    "/newsletter/confirmed",
    "/newsletter/unsubscribe",
    "/privacy",
    "/404",
  ];
}
