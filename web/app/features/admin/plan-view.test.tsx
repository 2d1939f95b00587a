import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PlanView } from "./plan-view";

// A stored plan as internal/plan writes it (a few sections), and one with hostile text.
const plan = {
  title: "Photosynthesis: light in, sugar out",
  about: { subject: "Science", grade: "Grade 10", minutes: 50, model: "5E" },
  objectives: [{ text: "Explain how light energy becomes chemical energy", bloom: "understand" }],
  phases: [
    {
      name: "Engage",
      minutes: 10,
      teacherMoves: ["Show a leaf under a lamp"],
      studentTasks: ["Predict"],
      check: "Cold call",
    },
    {
      name: "Explore",
      minutes: 40,
      teacherMoves: [],
      studentTasks: ["Run the leaf-disc lab"],
      supports: [{ need: "english-learners", label: "English learners", text: "Word bank" }],
    },
  ],
  exitTicket: { prompts: ["What does chlorophyll do?"], lookFor: "Mentions light absorption" },
  homework: { kind: "homework", text: "Read pages 12-14" },
  provenance: { generator: "builtin", label: "Made by the built-in planner: a draft to review." },
};

describe("PlanView", () => {
  it("draws the title, frame, objectives and each phase with its minutes", () => {
    render(<PlanView plan={plan} />);
    expect(
      screen.getByRole("heading", { level: 3, name: "Photosynthesis: light in, sugar out" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Science · Grade 10 · 50 minutes · 5E")).toBeInTheDocument();
    expect(
      screen.getByText("Explain how light energy becomes chemical energy (understand)"),
    ).toBeInTheDocument();
    const phases = screen
      .getByRole("heading", { name: "Phases (50 minutes)" })
      .closest("section") as HTMLElement;
    const items = within(phases)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement?.tagName === "OL");
    expect(items.map((li) => li.querySelector("p")?.textContent)).toEqual([
      "1. Engage — 10 minutes",
      "2. Explore — 40 minutes",
    ]);
    expect(within(phases).getByText("English learners: Word bank")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Exit ticket" })).toBeInTheDocument();
    expect(screen.getByText("Look for: Mentions light absorption")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Homework" })).toBeInTheDocument();
    expect(screen.getByText("Made by the built-in planner: a draft to review.")).toBeInTheDocument();
  });

  it("shows stored text as text, never as markup", () => {
    const { container } = render(<PlanView plan={{ ...plan, title: '<img src=x onerror="alert(1)">' }} />);
    expect(screen.getByRole("heading", { level: 3 })).toHaveTextContent('<img src=x onerror="alert(1)">');
    expect(container.querySelector("img")).toBeNull();
  });

  it("says so when no plan was stored, and skips sections that are missing or odd", () => {
    const { rerender } = render(<PlanView plan={null} />);
    expect(screen.getByText("No plan was stored for this request.")).toBeInTheDocument();
    rerender(<PlanView plan={{ title: "Bare", phases: "not a list", materials: [1, "Ruler", null] }} />);
    expect(screen.getByRole("heading", { name: "Bare" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /^Phases/ })).not.toBeInTheDocument();
    const materials = screen.getByRole("heading", { name: "Materials" }).closest("section") as HTMLElement;
    expect(
      within(materials)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["1", "Ruler"]);
  });
});
