import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fieldRule } from "~/components/form/rules";
import { jsonResponse, mockFetch, sentJson } from "~/components/form/test-helpers";
import { LessonPlanForm, PRIVACY_NOTE } from "./lesson-plan-form";
import { recall } from "./submission";

const rule = (name: string) => fieldRule("lessonPlan", name);

afterEach(() => {
  vi.unstubAllGlobals();
});

function Landed() {
  const location = useLocation();
  return (
    <output aria-label="landed">
      {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </output>
  );
}

function setup() {
  const user = userEvent.setup();
  const Stub = createRoutesStub([
    { path: "/lesson-plan", Component: LessonPlanForm },
    { path: "/submission-success", Component: Landed },
  ]);
  render(<Stub initialEntries={["/lesson-plan"]} />);
  const field = {
    subject: screen.getByRole("combobox", { name: rule("subject").label }),
    grade: screen.getByRole("combobox", { name: rule("grade").label }),
    topic: screen.getByRole("textbox", { name: rule("topic").label }),
    duration: screen.getByRole("spinbutton", { name: rule("duration").label }),
    email: screen.getByRole("textbox", { name: rule("email").label }),
    name: screen.getByRole("textbox", { name: `${rule("name").label} (optional)` }),
    school: screen.getByRole("textbox", { name: `${rule("school").label} (optional)` }),
    notes: screen.getByRole("textbox", { name: `${rule("notes").label} (optional)` }),
  };
  const submit = screen.getByRole("button", { name: "Create my lesson plan" });
  return { user, field, submit };
}

async function fillRequired(
  user: ReturnType<typeof userEvent.setup>,
  field: ReturnType<typeof setup>["field"],
) {
  await user.selectOptions(field.subject, screen.getByRole("option", { name: "Science" }));
  await user.selectOptions(field.grade, screen.getByRole("option", { name: "Grade 10" }));
  await user.type(field.topic, "Photosynthesis and cellular respiration");
  await user.type(field.email, "mr.okafor@westside.edu");
}

// Typing with user-event is slow on a busy two-core machine: allow more than the default 5 s.
describe("LessonPlanForm", { timeout: 20_000 }, () => {
  it("puts the required fields first, marks the optional ones and defaults to 50 minutes", () => {
    const { field } = setup();
    const groups = screen.getAllByRole("group").map((g) => g.querySelector("legend")?.textContent);
    expect(groups.slice(0, 3)).toEqual(["About the lesson", "Where to send it", "Optional details"]);
    expect(field.duration).toHaveValue(50);
    expect(field.duration).toHaveAttribute("min", "15");
    expect(field.duration).toHaveAttribute("max", "180");
    expect(field.topic).toHaveAttribute("minLength", "3");
    expect(field.notes).toHaveAttribute("maxLength", "1000");
    for (const f of [field.subject, field.grade, field.topic, field.duration, field.email])
      expect(f).toBeRequired();
    expect(field.name).not.toBeRequired();
    expect(screen.getByText("CCSS.ELA-LITERACY.RL.9-10.2")).toBeInTheDocument();
    expect(screen.getByText("NGSS HS-LS1-1")).toBeInTheDocument();
    const needs = screen.getByRole("group", { name: /Differentiation needs/ });
    expect(
      within(needs)
        .getAllByRole("checkbox")
        .map((c) => c.getAttribute("value")),
    ).toEqual(["english-learners", "iep-504", "advanced"]);
    expect(screen.getByText(PRIVACY_NOTE)).toBeInTheDocument();
  });

  it("shows the forms.json message next to each required field and focuses the first", async () => {
    const fetch = mockFetch();
    const { user, field, submit } = setup();
    await user.clear(field.duration);
    await user.click(submit);
    expect(field.subject).toHaveFocus();
    for (const name of ["subject", "grade", "topic", "duration", "email"] as const) {
      expect(field[name]).toHaveAccessibleDescription(
        expect.stringContaining(rule(name).messages.required ?? ""),
      );
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it("checks limits and keeps what was typed", async () => {
    mockFetch();
    const { user, field, submit } = setup();
    await fillRequired(user, field);
    await user.clear(field.duration);
    await user.type(field.duration, "200");
    await user.type(field.name, "Chidi Okafor");
    await user.click(submit);
    expect(field.duration).toHaveFocus();
    expect(field.duration).toHaveAccessibleDescription(
      expect.stringContaining(rule("duration").messages.max ?? ""),
    );
    expect(field.topic).toHaveValue("Photosynthesis and cellular respiration");
    expect(field.name).toHaveValue("Chidi Okafor");
    expect(field.subject).toHaveValue("science");
  });

  it("maps the server's 422 messages onto the fields", async () => {
    mockFetch(jsonResponse(422, { errors: { topic: "The topic can be at most 200 characters." } }));
    const { user, field, submit } = setup();
    await fillRequired(user, field);
    await user.click(submit);
    await waitFor(() => expect(field.topic).toHaveFocus());
    expect(field.topic).toHaveAccessibleDescription(
      expect.stringContaining("The topic can be at most 200 characters."),
    );
    expect(screen.getByRole("region", { name: "There is a problem" })).toBeInTheDocument();
  });

  it("sends the request and lands on /submission-success with the reference and summary", async () => {
    const summary = {
      subject: "science",
      grade: "10",
      topic: "Photosynthesis and cellular respiration",
      duration: 50,
    };
    const fetch = mockFetch(jsonResponse(201, { reference: "TP-7QX2-M4KD-9HZT", summary }));
    const { user, field, submit } = setup();
    await fillRequired(user, field);
    await user.click(screen.getByRole("checkbox", { name: "English learners" }));
    await user.click(screen.getByRole("checkbox", { name: "Advanced learners" }));
    await user.selectOptions(
      screen.getByRole("combobox", { name: /Instructional model/ }),
      screen.getByRole("option", { name: "5E" }),
    );
    await user.click(submit);

    const landed = await screen.findByRole("status", { name: "landed" });
    expect(landed).toHaveTextContent("/submission-success?ref=TP-7QX2-M4KD-9HZT");
    expect(landed).toHaveTextContent('"reference":"TP-7QX2-M4KD-9HZT"');
    expect(recall("TP-7QX2-M4KD-9HZT")?.summary).toEqual(summary);
    expect(fetch).toHaveBeenCalledWith("/api/lesson-plans", expect.objectContaining({ method: "POST" }));
    expect(sentJson(fetch)).toEqual({
      email: "mr.okafor@westside.edu",
      subject: "science",
      grade: "10",
      topic: "Photosynthesis and cellular respiration",
      duration: 50,
      name: "",
      school: "",
      objectives: "",
      standards: "",
      instructionalModel: "5e",
      differentiation: ["english-learners", "advanced"],
      notes: "",
      website: "",
    });
  });
});
