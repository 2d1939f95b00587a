import type { MouseEvent, ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import type { SectionId } from "~/config/site";

/** ScrollState is the navigation state that asks the landing page to scroll to a section. */
export interface ScrollState {
  scrollTo: SectionId;
}

/** isScrollState reports whether a location's state carries a scroll target. */
export function isScrollState(state: unknown): state is ScrollState {
  return typeof state === "object" && state !== null && typeof (state as ScrollState).scrollTo === "string";
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * scrollToSection scrolls the landing-page section with the given id into view (smoothly,
 * or instantly when the user prefers reduced motion) and moves keyboard focus to it, so the
 * next Tab continues from there. It reports whether the section exists.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView?.({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  if (!section.hasAttribute("tabindex")) section.setAttribute("tabindex", "-1");
  section.focus({ preventScroll: true });
  return true;
}

/**
 * SectionLink is a plain `/#section` link, so it works before and without JavaScript. With
 * JavaScript it scrolls smoothly on the landing page, and from any other page it navigates to
 * `/` carrying the target in navigation state (the landing page scrolls, then clears it).
 */
export function SectionLink({
  section,
  className,
  onNavigate,
  children,
}: {
  section: SectionId;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    onNavigate?.();
    if (location.pathname === "/" && scrollToSection(section)) return;
    const state: ScrollState = { scrollTo: section };
    navigate("/", { state });
  }

  return (
    <a href={`/#${section}`} className={className} onClick={handleClick}>
      {children}
    </a>
  );
}
