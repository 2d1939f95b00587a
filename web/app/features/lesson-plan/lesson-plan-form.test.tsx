import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fieldRule } from "~/components/form/rules";
import { jsonResponse, mockFetch, sentJson } from "~/components/form/test-helpers";
import { assignLocation } from "~/lib/document-navigation";
import { LessonPlanForm, PRIVACY_NOTE } from "./lesson-plan-form";

vi.mock("~/lib/document-navigation", () => ({ assignLocation: vi.fn() }));

const rule = (name: string) => fieldRule("lessonPlan", name);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(assignLocation).mockClear();
  window.history.replaceState(null, "", "/");
});

function setup() {
  const user = userEvent.setup();
  const Stub = createRoutesStub([{ path: "/lesson-plan", Component: LessonPlanForm }]);
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

  it("sends the request and opens the plan page with a document navigation", async () => {
    const summary = {
      subject: "science",
      grade: "10",
      topic: "Photosynthesis and cellular respiration",
      duration: 50,
    };
    const fetch = mockFetch(
      jsonResponse(201, {
        reference: "TP-7QX2-M4KD-9HZT",
        planUrl: `${window.location.origin}/submission-success/TP-7QX2-M4KD-9HZT`,
        summary,
      }),
    );
    const { user, field, submit } = setup();
    await fillRequired(user, field);
    await user.click(screen.getByRole("checkbox", { name: "English learners" }));
    await user.click(screen.getByRole("checkbox", { name: "Advanced learners" }));
    await user.selectOptions(
      screen.getByRole("combobox", { name: /Instructional model/ }),
      screen.getByRole("option", { name: "5E" }),
    );
    await user.click(submit);

    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith("/submission-success/TP-7QX2-M4KD-9HZT"));
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

  it.each([
    { name: "no planUrl: the reference's own page", planUrl: undefined },
    {
      name: "a planUrl on another origin is not followed",
      planUrl: "https://evil.example/submission-success/TP-1",
    },
    { name: "a planUrl elsewhere on this site is not followed", planUrl: "/blog" },
  ])("goes to the plan page built from the reference: $name", async ({ planUrl }) => {
    mockFetch(jsonResponse(201, { reference: "TP-AAAA-BBBB-CCCC", planUrl, summary: {} }));
    const { user, field, submit } = setup();
    await fillRequired(user, field);
    await user.click(submit);
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith("/submission-success/TP-AAAA-BBBB-CCCC"));
  });
});

describe("LessonPlanForm opened with ?from= (make another like this)", { timeout: 20_000 }, () => {
  const summary = {
    subject: "science",
    grade: "10",
    topic: "Photosynthesis <b>and</b> respiration",
    duration: 55,
    name: "Chidi Okafor",
    school: "Westside High",
    objectives: "Explain how energy moves",
    standards: "NGSS HS-LS1-5",
    instructionalModel: "5e",
    differentiation: ["english-learners", "advanced"],
    notes: "Two students use screen readers.",
  };

  it("fills every lesson field from the earlier request, never email, name or school", async () => {
    window.history.replaceState(null, "", "/lesson-plan?from=TP-7QX2-M4KD-9HZT");
    const fetch = mockFetch(jsonResponse(200, { reference: "TP-7QX2-M4KD-9HZT", summary }));
    const { field } = setup();
    expect(await screen.findByText(/Filled in from your plan TP-7QX2-M4KD-9HZT/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/api/lesson-plans/TP-7QX2-M4KD-9HZT", expect.anything());
    expect(field.subject).toHaveValue("science");
    expect(field.grade).toHaveValue("10");
    expect(field.topic).toHaveValue("Photosynthesis <b>and</b> respiration");
    expect(field.duration).toHaveValue(55);
    expect(screen.getByRole("textbox", { name: /Learning objectives|Objectives/ })).toHaveValue(
      "Explain how energy moves",
    );
    expect(screen.getByRole("textbox", { name: /Standards/ })).toHaveValue("NGSS HS-LS1-5");
    expect(screen.getByRole("combobox", { name: /Instructional model/ })).toHaveValue("5e");
    expect(screen.getByRole("checkbox", { name: "English learners" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Advanced learners" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "IEP/504 supports" })).not.toBeChecked();
    expect(field.notes).toHaveValue("Two students use screen readers.");
    // The notes counter saw the filled text.
    expect(screen.getByText(/^32 of 1000 characters used/)).toBeInTheDocument();
    expect(field.email).toHaveValue("");
    expect(field.name).toHaveValue("");
    expect(field.school).toHaveValue("");
  });

  it.each([
    { name: "the reference is unknown", answer: jsonResponse(404, { error: "not found" }) },
    { name: "the server fails", answer: jsonResponse(500, { error: "boom" }) },
    { name: "the network fails", answer: new TypeError("Failed to fetch") },
  ])("leaves the form empty and says nothing odd when $name", async ({ answer }) => {
    window.history.replaceState(null, "", "/lesson-plan?from=TP-NOPE-NOPE-NOPE");
    const fetch = mockFetch(answer);
    const { field } = setup();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await Promise.resolve();
    expect(field.subject).toHaveValue("");
    expect(field.topic).toHaveValue("");
    expect(field.duration).toHaveValue(50);
    expect(screen.queryByText(/Filled in from/)).not.toBeInTheDocument();
    for (const region of screen.queryAllByRole("alert")) expect(region).toBeEmptyDOMElement();
  });

  it("does not look up a ?from= that cannot be a reference", () => {
    window.history.replaceState(null, "", "/lesson-plan?from=../../admin");
    const fetch = mockFetch();
    setup();
    expect(fetch).not.toHaveBeenCalled();
  });
});
