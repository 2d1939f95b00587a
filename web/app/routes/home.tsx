import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Benefits, CtaBand, Features, Hero, Testimonials } from "~/components/landing/sections";
import { isScrollState, scrollToSection } from "~/components/layout/section-link";
import { PRODUCT_NAME, paths, site } from "~/config/site";
import { organizationJsonLd, seo, softwareApplicationJsonLd } from "~/lib/seo";

/**
 * landingSecurityMeta are SPEC A8's meta tags. The CSP here only restricts images (and
 * plugins and <base>): a script-src in a meta tag would block React Router's inline scripts.
 * The Go server sends the full policy, frame and XSS settings as real HTTP headers.
 */
const landingSecurityMeta = [
  {
    httpEquiv: "Content-Security-Policy",
    content:
      "img-src 'self' https://images.unsplash.com https://upload.wikimedia.org data:; object-src 'none'; base-uri 'self'",
  },
  { httpEquiv: "X-Content-Type-Options", content: "nosniff" },
  { httpEquiv: "X-Frame-Options", content: "DENY" },
  { httpEquiv: "X-XSS-Protection", content: "1; mode=block" },
];

export function meta() {
  return [
    ...landingSecurityMeta,
    ...seo({
      title: `${PRODUCT_NAME} — ${site.tagline}`,
      description: site.description,
      url: paths.home,
      jsonLd: [softwareApplicationJsonLd(), organizationJsonLd()],
    }),
  ];
}

export default function HomePage() {
  const location = useLocation();
  const navigate = useNavigate();

  // Arriving from another page's Features/Benefits/Testimonials link: scroll there, then
  // clear the state so Back/Forward and reloads do not scroll again.
  useEffect(() => {
    if (!isScrollState(location.state)) return;
    scrollToSection(location.state.scrollTo);
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );
  }, [location, navigate]);

  return (
    <>
      <Hero />
      <Features />
      <Benefits />
      <Testimonials />
      <CtaBand />
    </>
  );
}
