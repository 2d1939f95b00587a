import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "~/components/form/test-helpers";
import { remember } from "~/features/lesson-plan/submission";
import SubmissionSuccessPage, { clientLoader, HydrateFallback } from "./submission-success";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/submission-success",
      Component: SubmissionSuccessPage as ComponentType,
      loader: clientLoader as never,
      HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

const summary = {
  email: "mr.okafor@westside.edu",
  subject: "science",
  grade: "10",
  topic: "Photosynthesis & respiration <b>bold?</b>",
  duration: 55,
  differentiation: ["english-learners", "iep-504"],
  notes: "",
};

// Typing with user-event is slow on a busy two-core machine: allow more than the default 5 s.
describe("submission success page", { timeout: 20_000 }, () => {
  it("says there is no request when reached directly, and links to the form", async () => {
    const fetch = mockFetch();
    renderAt("/submission-success");
    expect(await screen.findByRole("heading", { level: 1, name: "No request to show" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Fill in the lesson plan form" })).toHaveAttribute(
      "href",
      "/lesson-plan",
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a request just submitted without asking the server again", async () => {
    const fetch = mockFetch();
    remember({ reference: "TP-AAAA-BBBB-CCCC", summary });
    renderAt("/submission-success?ref=TP-AAAA-BBBB-CCCC");
    expect(await screen.findByText("TP-AAAA-BBBB-CCCC")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("looks the reference up, and shows it with a summary, what happens next and three links", async () => {
    const fetch = mockFetch(jsonResponse(200, { reference: "TP-7QX2-M4KD-9HZT", summary }));
    renderAt("/submission-success?ref=TP-7QX2-M4KD-9HZT");
    expect(await screen.findByRole("heading", { level: 1, name: "Request received" })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/api/lesson-plans/TP-7QX2-M4KD-9HZT", expect.anything());
    expect(screen.getByText("TP-7QX2-M4KD-9HZT")).toBeInTheDocument();
    // Option values are shown by their labels; text is shown as text, never as HTML.
    expect(screen.getByText("Science")).toBeInTheDocument();
    expect(screen.getByText("Grade 10")).toBeInTheDocument();
    expect(screen.getByText("55 minutes")).toBeInTheDocument();
    expect(screen.getByText("English learners, IEP/504 supports")).toBeInTheDocument();
    expect(screen.getByText("Photosynthesis & respiration <b>bold?</b>")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "What happens next" })).toBeInTheDocument();
    expect(screen.getByText(/to mr\.okafor@westside\.edu/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Create another plan" })).toHaveAttribute("href", "/lesson-plan");
    expect(screen.getByRole("link", { name: "Read the blog" })).toHaveAttribute("href", "/blog");
  });

  it("says so when the reference is unknown", async () => {
    mockFetch(jsonResponse(404, { error: "not found" }));
    renderAt("/submission-success?ref=TP-NOPE-NOPE-NOPE");
    expect(await screen.findByRole("heading", { level: 1, name: "Request not found" })).toBeInTheDocument();
    expect(screen.getByText(/TP-NOPE-NOPE-NOPE/)).toBeInTheDocument();
  });

  it("still shows the reference from the address when the lookup fails", async () => {
    mockFetch(new TypeError("Failed to fetch"));
    renderAt("/submission-success?ref=TP-DOWN-DOWN-DOWN");
    expect(
      await screen.findByRole("heading", { level: 1, name: "We could not load your request" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/TP-DOWN-DOWN-DOWN/)).toBeInTheDocument();
  });
});
