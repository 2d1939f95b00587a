import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Footer } from "./footer";

function FooterWithBox() {
  return <Footer newsletter={<p>The newsletter form</p>} />;
}

function renderFooter() {
  const Stub = createRoutesStub([{ path: "/", Component: FooterWithBox }]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("Footer", () => {
  it("has a Product column with Features", () => {
    renderFooter();
    const product = screen.getByRole("navigation", { name: "Product" });
    expect(within(product).getByRole("link", { name: "Features" })).toHaveAttribute("href", "/#features");
  });

  it("has a Company column with Contact Us and Blog", () => {
    renderFooter();
    const company = screen.getByRole("navigation", { name: "Company" });
    expect(within(company).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    expect(within(company).getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  });

  // The app passes the newsletter form in (root.test.tsx checks its email input and button).
  it("has the Stay Updated box holding the newsletter form it is given", () => {
    renderFooter();
    const box = screen.getByRole("region", { name: "Stay Updated" });
    expect(within(box).getByRole("heading", { name: "Stay Updated" })).toBeInTheDocument();
    expect(within(box).getByText("The newsletter form")).toBeInTheDocument();
  });

  it("reads 2025 in the copyright line and links the privacy policy", () => {
    renderFooter();
    expect(screen.getByText("© 2025 TeachPilot. All rights reserved.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
  });
});
