import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { Header } from "./header";

function ShowState() {
  const location = useLocation();
  return <p>{`home, scroll to ${JSON.stringify(location.state)}`}</p>;
}

function renderHeader(path = "/blog") {
  const Stub = createRoutesStub([
    { path: "/", Component: ShowState },
    { path: "/blog", Component: Header },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe("Header", () => {
  it("links the logo and name home", () => {
    renderHeader();
    expect(screen.getByRole("link", { name: "TeachPilot" })).toHaveAttribute("href", "/");
  });

  it("has section links that work without JavaScript, Blog and Try Now", () => {
    renderHeader();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Features" })).toHaveAttribute("href", "/#features");
    expect(within(nav).getByRole("link", { name: "Benefits" })).toHaveAttribute("href", "/#benefits");
    expect(within(nav).getByRole("link", { name: "Testimonials" })).toHaveAttribute("href", "/#testimonials");
    expect(within(nav).getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    expect(within(nav).getByRole("link", { name: "Try Now" })).toHaveAttribute("href", "/lesson-plan");
  });

  it("hides the navigation on small screens until the menu button opens it", async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole("button", { name: "Menu" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(button).toHaveAttribute("aria-controls", nav.id);
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(nav).toHaveClass("hidden", "md:flex");

    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(nav).not.toHaveClass("hidden");

    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(nav).toHaveClass("hidden");
  });

  it("closes the menu on Escape and returns focus to the button", async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole("button", { name: "Menu" });
    await user.click(button);
    await user.tab();
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });

  it("from another page goes to / carrying the section in navigation state", async () => {
    const user = userEvent.setup();
    renderHeader("/blog");
    await user.click(screen.getByRole("link", { name: "Benefits" }));
    expect(await screen.findByText('home, scroll to {"scrollTo":"benefits"}')).toBeInTheDocument();
  });
});
