// prerenderPaths lists every public path that is rendered to HTML at build time.
// Blog posts are added by the blog feature.
export async function prerenderPaths(): Promise<string[]> {
  return ["/", "/blog", "/lesson-plan", "/submission-success", "/contact", "/privacy", "/404"];
}
