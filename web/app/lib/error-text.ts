import { isRouteErrorResponse } from "react-router";

/** errorText is the message the error screen shows for whatever a route threw. */
export function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === "string" && error.data ? `: ${error.data}` : "";
    return `${error.status} ${error.statusText}${detail}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
