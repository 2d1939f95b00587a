import { API, type Client, createClient } from "./api";

// The console's endpoints and the shapes of their answers, as the contract of issue 11 says.

/** Session is who is signed in. */
export interface Session {
  email: string;
  totp: boolean;
}

/** Day is one day of the dashboard: submissions per kind (spam excluded). */
export interface Day {
  date: string;
  newsletter: number;
  contact: number;
  lessonPlan: number;
}

/** Dashboard is the last 30 days at a glance. */
export interface Dashboard {
  from: string;
  to: string;
  days: Day[];
  newsletter: { pending: number; confirmed: number; unsubscribed: number };
  plans: { useful: number; notUseful: number; builtin: number; ai: number };
  mail: { waiting: number; failed: number; oldestWaitingSeconds: number };
}

/** Page is one page of a keyset-paginated list. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** LessonPlanFields are what a teacher asked for, as the list and a request's own page show it. */
export interface LessonPlanFields {
  reference: string;
  createdAt: string;
  email: string;
  name: string;
  school: string;
  subject: string;
  grade: string;
  topic: string;
  duration: number | string;
}

/** LessonPlanRow is one lesson-plan request in the list. */
export interface LessonPlanRow extends LessonPlanFields {
  generator: "builtin" | "ai" | "";
  useful: number;
  notUseful: number;
}

/** LessonPlanDetail is one request with its plan and the feedback on it. */
export interface LessonPlanDetail {
  request: LessonPlanFields & {
    objectives: string;
    standards: string;
    instructionalModel: string;
    differentiation: string[];
    notes: string;
    spam: boolean;
  };
  planUrl: string;
  plan: unknown;
  generator: string;
  feedback: { useful: boolean; comment: string; createdAt: string }[];
}

/** ContactRow is one contact message. */
export interface ContactRow {
  id: string | number;
  createdAt: string;
  name: string;
  email: string;
  reason: string;
  message: string;
  handledAt: string | null;
}

/** SubscriberRow is one newsletter subscriber. */
export interface SubscriberRow {
  id: string | number;
  email: string;
  status: string;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/** AuditRow is one entry of the audit log. */
export interface AuditRow {
  id: string | number;
  at: string;
  actor: string;
  action: string;
  subject: string;
  details: Record<string, unknown> | null;
}

/** Webhook is one endpoint. */
export interface Webhook {
  id: string | number;
  url: string;
  events: string[];
  createdAt: string;
}

/** Delivery is one attempt at delivering an event to an endpoint. */
export interface Delivery {
  id: string | number;
  event: string;
  attempt: number;
  status: number | string;
  error: string;
  at: string;
}

/** TotpEnrolment is a new secret to confirm with a code. */
export interface TotpEnrolment {
  secret: string;
  url: string;
  qr: string;
}

/** DataExport is everything stored about one address: table name to rows (and the address). */
export type DataExport = Record<string, unknown>;

/** ListName is one of the three lists with a JSON and a CSV form. */
export type ListName = "lesson-plans" | "contacts" | "subscribers";

/** query renders filters as a query string (empty values left out), with its "?" when not empty. */
export function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) q.set(key, value);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** csvHref is the CSV export of a list with the same filters (no cursor, no limit). */
export function csvHref(list: ListName, filters: Record<string, string | undefined>): string {
  const { cursor: _cursor, limit: _limit, ...rest } = filters;
  return `${API}/${list}.csv${query(rest)}`;
}

const seg = encodeURIComponent;

/** endpoints are the console's calls, on one client. */
export function endpoints(client: Client = createClient()) {
  const { call } = client;
  return {
    signIn: (body: { email: string; password: string; code?: string }) =>
      call<Session>("/session", { method: "POST", body, signIn: true }),
    session: () => call<Session>("/session"),
    signOut: () => call<void>("/session", { method: "DELETE" }),
    signOutEverywhere: () => call<void>("/session/everywhere", { method: "POST" }),

    dashboard: () => call<Dashboard>("/dashboard"),

    lessonPlans: (filters: Record<string, string | undefined>) =>
      call<Page<LessonPlanRow>>(`/lesson-plans${query(filters)}`),
    lessonPlan: (reference: string) => call<LessonPlanDetail>(`/lesson-plans/${seg(reference)}`),
    deleteLessonPlan: (reference: string) =>
      call<void>(`/lesson-plans/${seg(reference)}`, { method: "DELETE" }),

    contacts: (filters: Record<string, string | undefined>) =>
      call<Page<ContactRow>>(`/contacts${query(filters)}`),
    setHandled: (id: string | number, handled: boolean) =>
      call<void>(`/contacts/${seg(String(id))}/handled`, { method: "POST", body: { handled } }),
    deleteContact: (id: string | number) => call<void>(`/contacts/${seg(String(id))}`, { method: "DELETE" }),

    subscribers: (filters: Record<string, string | undefined>) =>
      call<Page<SubscriberRow>>(`/subscribers${query(filters)}`),
    deleteSubscriber: (id: string | number) =>
      call<void>(`/subscribers/${seg(String(id))}`, { method: "DELETE" }),

    dataRequest: (email: string) => call<DataExport>("/data-request", { method: "POST", body: { email } }),
    deleteData: (email: string) =>
      call<{ deleted: Record<string, number> }>("/data-request/delete", { method: "POST", body: { email } }),

    audit: (filters: Record<string, string | undefined>) => call<Page<AuditRow>>(`/audit${query(filters)}`),

    webhooks: () => call<{ events: string[]; items: Webhook[] }>("/webhooks"),
    addWebhook: (body: { url: string; events: string[] }) =>
      call<{ endpoint: Webhook; secret: string }>("/webhooks", { method: "POST", body }),
    deleteWebhook: (id: string | number) => call<void>(`/webhooks/${seg(String(id))}`, { method: "DELETE" }),
    testWebhook: (id: string | number) => call<void>(`/webhooks/${seg(String(id))}/test`, { method: "POST" }),
    deliveries: (id: string | number) =>
      call<{ items: Delivery[] }>(`/webhooks/${seg(String(id))}/deliveries`),

    startTotp: () => call<TotpEnrolment>("/account/totp", { method: "POST" }),
    confirmTotp: (code: string) => call<void>("/account/totp/confirm", { method: "POST", body: { code } }),
    disableTotp: (code: string) => call<void>("/account/totp", { method: "DELETE", body: { code } }),
  };
}

/** Endpoints are the console's calls. */
export type Endpoints = ReturnType<typeof endpoints>;

/** api is the console's calls in the browser. */
export const api: Endpoints = endpoints();
