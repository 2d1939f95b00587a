import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Footer } from "./footer";

function renderFooter() {
  const Stub = createRoutesStub([{ path: "/", Component: Footer }]);
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

  it("has the Stay Updated box with an email input and Subscribe", () => {
    renderFooter();
    expect(screen.getByRole("heading", { name: "Stay Updated" })).toBeInTheDocument();
    const email = screen.getByPlaceholderText("Enter your email");
    expect(email).toHaveAttribute("type", "email");
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeInTheDocument();
  });

  it("reads 2025 in the copyright line and links the privacy policy", () => {
    renderFooter();
    expect(screen.getByText("© 2025 TeachPilot. All rights reserved.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
  });
});
