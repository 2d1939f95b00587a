// Dates and durations as a reader sees them. Dates are calendar days (YYYY-MM-DD), formatted
// in UTC so the build machine's time zone never shifts a post to the day before.

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** formatDate turns "2026-09-08" into "September 8, 2026". */
export function formatDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** readingTimeLabel turns a number of minutes into "5 min read". */
export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
