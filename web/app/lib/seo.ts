import type { MetaDescriptor } from "react-router";
import { pageAt } from "~/config/pages";
import { site } from "~/config/site";
import { absoluteUrl } from "~/lib/absolute-url";

/** JsonLd is one structured-data object (schema.org), serialised into a ld+json script. */
export type JsonLd = Record<string, unknown>;

/**
 * SeoInput holds a page's metadata inputs (SPEC A3). url and canonicalUrl may be site paths
 * (such as paths.blog) or absolute URLs; paths are made absolute by absoluteUrl.
 */
export interface SeoInput {
  title: string;
  description: string;
  /** Path or URL of the social image; defaults to the site's 1200×630 og-image.png. */
  image?: string;
  imageAlt?: string;
  imageWidth?: number;
  imageHeight?: number;
  /** The page's own URL (path or absolute). */
  url: string;
  /** Defaults to url. */
  canonicalUrl?: string;
  /** Open Graph type; defaults to "website". */
  type?: "website" | "article";
  /** Defaults to the product name. */
  siteName?: string;
  /** Defaults to "en_US". */
  locale?: string;
  /** ISO 8601 date; emitted as article:published_time for articles. */
  publishedTime?: string;
  /** ISO 8601 date; emitted as article:modified_time for articles. */
  modifiedTime?: string;
  author?: string;
  /** Article tags, one article:tag each. */
  tags?: readonly string[];
  /** Structured data, one ld+json script per object. */
  jsonLd?: JsonLd | readonly JsonLd[];
  /**
   * false marks the page noindex. Defaults to the `index` flag web/pages.json gives the page
   * at url (true for a path the table does not list).
   */
  index?: boolean;
}

/**
 * pageTitle is the document title: the page title followed by the site name, unless the title
 * already names the site.
 */
export function pageTitle(title: string, siteName: string = site.name): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/**
 * seo returns the meta descriptors every route's `meta` export returns: title, description,
 * keywords, canonical link, Open Graph, Twitter card, robots, revisit-after, theme colour and
 * JSON-LD.
 */
export function seo(input: SeoInput): MetaDescriptor[] {
  const type = input.type ?? "website";
  const siteName = input.siteName ?? site.name;
  const locale = input.locale ?? site.locale;
  const url = absoluteUrl(input.url);
  const canonical = absoluteUrl(input.canonicalUrl ?? input.url);
  const usesDefaultImage = input.image === undefined;
  const image = absoluteUrl(input.image ?? site.ogImage.path);
  const imageAlt = input.imageAlt ?? (usesDefaultImage ? site.ogImage.alt : input.title);
  const imageWidth = input.imageWidth ?? (usesDefaultImage ? site.ogImage.width : undefined);
  const imageHeight = input.imageHeight ?? (usesDefaultImage ? site.ogImage.height : undefined);
  const title = pageTitle(input.title, siteName);

  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { name: "keywords", content: site.keywords },
    { tagName: "link", rel: "canonical", href: canonical },
    {
      name: "robots",
      content: (input.index ?? pageAt(input.url)?.index) === false ? "noindex" : "index, follow",
    },
    { name: "revisit-after", content: "7 days" },
    { name: "theme-color", content: site.themeColor },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: locale },
    { property: "og:image", content: image },
  ];
  if (imageWidth !== undefined) tags.push({ property: "og:image:width", content: String(imageWidth) });
  if (imageHeight !== undefined) tags.push({ property: "og:image:height", content: String(imageHeight) });
  tags.push({ property: "og:image:alt", content: imageAlt });

  if (type === "article") {
    if (input.publishedTime) tags.push({ property: "article:published_time", content: input.publishedTime });
    if (input.modifiedTime) tags.push({ property: "article:modified_time", content: input.modifiedTime });
    if (input.author) tags.push({ property: "article:author", content: input.author });
    for (const tag of input.tags ?? []) tags.push({ property: "article:tag", content: tag });
  }
  if (input.author) tags.push({ name: "author", content: input.author });

  tags.push(
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  );

  const jsonLd =
    input.jsonLd === undefined ? [] : Array.isArray(input.jsonLd) ? input.jsonLd : [input.jsonLd];
  for (const data of jsonLd as readonly JsonLd[]) tags.push({ "script:ld+json": data });
  return tags;
}

/** organizationJsonLd describes the company behind the product (schema.org Organization). */
export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/logo.svg"),
    email: site.contactEmail,
  };
}

/** softwareApplicationJsonLd describes the product: free (price 0, USD), on the web. */
export function softwareApplicationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: site.name,
    description: site.description,
    url: absoluteUrl("/"),
    image: absoluteUrl(site.ogImage.path),
    applicationCategory: "EducationalApplication",
    operatingSystem: "Web",
    audience: { "@type": "EducationalAudience", educationalRole: "teacher" },
    offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
  };
}
