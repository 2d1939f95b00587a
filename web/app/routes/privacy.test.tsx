import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import retention from "../../retention.json";
import PrivacyPage from "./privacy";

function renderPage() {
  const Stub = createRoutesStub([{ path: "/privacy", Component: PrivacyPage }]);
  render(<Stub initialEntries={["/privacy"]} />);
}

describe("privacy page: how long we keep it", () => {
  it("states the periods of web/retention.json, the values the retention job deletes by", async () => {
    renderPage();
    const list = (await screen.findByRole("heading", { name: "How long we keep it" })).closest("section");
    const text = list?.textContent ?? "";
    expect(text).toContain(
      `deleted ${retention.contactMessagesDays} days (about 2 years) after we receive them`,
    );
    expect(text).toContain(`${retention.lessonPlanRequestsDays} days (about a year) after we receive them`);
    expect(text).toContain(`never confirmed are deleted after ${retention.unconfirmedSignUpsDays} days`);
    expect(text).toContain(`deleted ${retention.sentMailDays} days after it is sent`);
    expect(text).toContain("Confirmation links are deleted as soon as they expire.");
  });
});
