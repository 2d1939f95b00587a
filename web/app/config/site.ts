import brand from "../../brand.json";

// Site-wide settings as data: the product name, the base URL, routes, navigation and footer
// links. Rename the product in web/brand.json; nothing else repeats it (the Go server reads
// the same file for its own pages and the emails).

/** PRODUCT_NAME is the product's name, from web/brand.json, the one place it lives. */
export const PRODUCT_NAME: string = brand.productName;

/**
 * siteUrl is the public origin without a trailing slash. It is set at build time through
 * VITE_SITE_URL (canonical links, Open Graph URLs and the sitemap use it).
 */
export const siteUrl: string = (import.meta.env.VITE_SITE_URL || "http://localhost:8080").replace(/\/+$/, "");

/** paths names every route of the site once; links use these, not string literals. */
export const paths = {
  home: "/",
  blog: "/blog",
  blogPost: (slug: string) => `/blog/${slug}`,
  lessonPlan: "/lesson-plan",
  submissionSuccess: "/submission-success",
  contact: "/contact",
  privacy: "/privacy",
  notFound: "/404",
  rss: "/rss.xml",
} as const;

/** SectionId is one of the landing page's section anchors. */
export type SectionId = "features" | "benefits" | "testimonials";

/** NavItem is a header link that scrolls to a landing-page section. */
export interface NavItem {
  label: string;
  section: SectionId;
}

/** navItems are the header's in-page links, in order. */
export const navItems: readonly NavItem[] = [
  { label: "Features", section: "features" },
  { label: "Benefits", section: "benefits" },
  { label: "Testimonials", section: "testimonials" },
];

/** FooterLink is a footer link: to a route or to a landing-page section. */
export type FooterLink = { label: string; to: string } | { label: string; section: SectionId };

/** FooterColumn is a titled list of footer links. */
export interface FooterColumn {
  title: string;
  links: readonly FooterLink[];
}

/** footerColumns are the footer's link columns (SPEC A2). */
export const footerColumns: readonly FooterColumn[] = [
  { title: "Product", links: [{ label: "Features", section: "features" }] },
  {
    title: "Company",
    links: [
      { label: "Contact Us", to: paths.contact },
      { label: "Blog", to: paths.blog },
    ],
  },
];

/** legalLinks sit in the footer's bottom line. */
export const legalLinks: readonly { label: string; to: string }[] = [{ label: "Privacy", to: paths.privacy }];

/** COPYRIGHT_YEAR is fixed by SPEC A2 ("Copyright line reads 2025"). */
export const COPYRIGHT_YEAR = 2025;

/** site holds the defaults page metadata falls back to. */
export const site = {
  name: PRODUCT_NAME,
  url: siteUrl,
  tagline: "The AI teaching assistant for high school teachers",
  description: `${PRODUCT_NAME} is the AI teaching assistant for high school teachers: lesson plans, grading, feedback and progress tracking in minutes. Free to try.`,
  locale: "en_US",
  themeColor: "#4f46e5",
  keywords: "AI education, teaching assistant, lesson planning, automated grading",
  ogImage: {
    path: "/og-image.png",
    width: 1200,
    height: 630,
    alt: `${PRODUCT_NAME} — the AI teaching assistant for high school teachers`,
  },
  privacyEmail: "privacy@teachpilot.example",
  contactEmail: "hello@teachpilot.example",
} as const;

/** absoluteUrl turns a site path into an absolute URL on siteUrl; absolute URLs pass through. */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${siteUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}
