import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The single route table. Each module is loaded lazily on client navigation.
export default [
  index("routes/home.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/page/:page", "routes/blog-page.tsx"),
  route("blog/tag/:tag", "routes/blog-tag.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("og/:slug.png", "routes/blog-social-image.ts"),
  route("rss.xml", "routes/rss[.]xml.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("site.webmanifest", "routes/site[.]webmanifest.ts"),
  route("lesson-plan", "routes/lesson-plan.tsx"),
  route("submission-success", "routes/submission-success.tsx"),
  route("contact", "routes/contact.tsx"),
  route("contact/sent", "routes/contact-sent.tsx"),
  route("newsletter/check-email", "routes/newsletter-check-email.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/confirmed", "routes/newsletter-confirmed.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("newsletter/unsubscribed", "routes/newsletter-unsubscribed.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
