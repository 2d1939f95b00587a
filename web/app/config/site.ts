import brand from "../../brand.json";
import { fillPath, pathOf } from "./pages";

// Site-wide settings as data: the product name, named page paths, navigation and footer
// links. Rename the product in web/brand.json; nothing else repeats it (the Go server reads
// the same file for its own pages and the emails).

/** PRODUCT_NAME is the product's name, from web/brand.json, the one place it lives. */
export const PRODUCT_NAME: string = brand.productName;

/**
 * paths are the pages links name most, by the id they have in web/pages.json (where each path
 * is written once); links use these, not string literals.
 */
export const paths = {
  home: pathOf("home"),
  blog: pathOf("blog"),
  blogPost: (slug: string) => fillPath("blogPost", { slug }),
  lessonPlan: pathOf("lessonPlan"),
  submissionSuccess: pathOf("submissionSuccess"),
  contact: pathOf("contact"),
  contactSent: pathOf("contactSent"),
  privacy: pathOf("privacy"),
  notFound: pathOf("notFound"),
  rss: pathOf("rss"),
  sitemap: pathOf("sitemap"),
  manifest: pathOf("manifest"),
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
