import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The single route table. Each module is loaded lazily on client navigation.
export default [
  index("routes/home.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("lesson-plan", "routes/lesson-plan.tsx"),
  route("submission-success", "routes/submission-success.tsx"),
  route("contact", "routes/contact.tsx"),
  route("newsletter/check-email", "routes/newsletter-check-email.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/confirmed", "routes/newsletter-confirmed.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
