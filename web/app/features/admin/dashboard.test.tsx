import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { dailySummary, niceMax } from "./charts";
import { DashboardCharts } from "./dashboard";
import type { Dashboard } from "./endpoints";

/** thirtyDays is a dashboard answer: 30 days from 2026-10-25, with a few known counts. */
function thirtyDays(): Dashboard {
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10);
    return { date, newsletter: i === 3 ? 2 : 0, contact: i === 29 ? 1 : 0, lessonPlan: i % 10 === 0 ? 4 : 1 };
  });
  return {
    from: "2026-10-25",
    to: "2026-11-23",
    days,
    newsletter: { pending: 1, confirmed: 5, unsubscribed: 2 },
    plans: { useful: 4, notUseful: 1, builtin: 10, ai: 2 },
    mail: { waiting: 3, failed: 1, oldestWaitingSeconds: 300 },
  };
}

describe("the dashboard's charts", () => {
  it("names each daily chart by its kind and a sentence with its total and busiest day", () => {
    render(<DashboardCharts data={thirtyDays()} />);
    expect(
      screen.getByRole("img", { name: "Newsletter sign-ups 2 in 30 days; most on 2026-10-28 (2)." }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("img", { name: "Contact messages 1 in 30 days; most on 2026-11-23 (1)." }),
    ).toBeInTheDocument();
    // 3 days with 4 and 27 days with 1.
    expect(
      screen.getByRole("img", { name: "Lesson-plan requests 39 in 30 days; most on 2026-10-25 (4)." }),
    ).toBeInTheDocument();
  });

  it("draws one column per day", () => {
    render(<DashboardCharts data={thirtyDays()} />);
    const chart = screen.getByRole("img", { name: /^Lesson-plan requests/ });
    expect(chart.querySelectorAll("rect")).toHaveLength(30);
  });

  it("has the daily numbers in a table behind Show as table", async () => {
    const user = userEvent.setup();
    render(<DashboardCharts data={thirtyDays()} />);
    const figure = screen.getByRole("heading", { name: "Submissions per day, 2026-10-25 to 2026-11-23" });
    const details = figure.closest("figure")?.querySelector("details");
    expect(details).not.toBeNull();
    expect(details?.open).toBe(false);
    await user.click(within(details as HTMLElement).getByText("Show as table"));
    expect(details?.open).toBe(true);
    const table = within(details as HTMLElement).getByRole("table", {
      name: "Submissions per day, 2026-10-25 to 2026-11-23",
    });
    const row = within(table).getByRole("row", { name: /^2026-10-28/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2", "0", "1"]);
    const total = within(table).getByRole("row", { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2", "1", "39"]);
  });

  it("labels the newsletter bars with words and numbers, and tables them", () => {
    render(<DashboardCharts data={thirtyDays()} />);
    const chart = screen.getByRole("img", {
      name: "Newsletter subscribers 5 confirmed, 1 pending, 2 unsubscribed.",
    });
    expect(chart).toHaveTextContent("Confirmed5Pending1Unsubscribed2");
    const table = screen.getByRole("table", { name: "Newsletter subscribers" });
    const confirmed = within(table).getByRole("row", { name: /Confirmed/ });
    expect(within(confirmed).getByRole("cell")).toHaveTextContent("5");
  });

  it("says how plans were rated and how mail is waiting", () => {
    render(<DashboardCharts data={thirtyDays()} />);
    expect(
      screen.getByRole("img", {
        name: "Lesson plans 4 rated useful, 1 not useful (80% useful). 10 made by the built-in planner, 2 by AI.",
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("img", { name: "Mail 3 waiting to be sent (the oldest for 5 minutes), 1 failed." }),
    ).toBeInTheDocument();
  });
});

describe("chart helpers", () => {
  it("rounds the scale up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 3, 7, 10, 11, 26, 180].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 200]);
  });

  it("says a quiet series is quiet", () => {
    expect(dailySummary(["2026-11-01", "2026-11-02"], [0, 0])).toBe("None in 2 days.");
  });
});
