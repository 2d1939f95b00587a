import formsJson from "../../../forms.json";
import { pathOf } from "../../config/pages";

// The browser side of web/forms.json: the same fields, limits and messages the Go server
// checks, so what the browser says and what the server answers never disagree, and where
// each form lives (its page, field id prefix, noun and success page), which the server's
// no-JavaScript answers use too.

/** FieldKind is how a field is entered and checked. */
export type FieldKind = "email" | "text" | "textarea" | "select" | "integer" | "multiselect";

/** FieldOption is one choice of a select or multiselect field. */
export interface FieldOption {
  value: string;
  label: string;
}

/** FieldMessages are the texts shown when a rule fails, keyed by the rule. */
export interface FieldMessages {
  required?: string;
  minLength?: string;
  maxLength?: string;
  format?: string;
  min?: string;
  max?: string;
  options?: string;
}

/** FieldRule is one field's entry in forms.json. */
export interface FieldRule {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  default?: number | string;
  options?: FieldOption[];
  messages: FieldMessages;
  /** refuse names lists of forms.json's `refusals` the value must not match (after its kind's). */
  refuse?: string[];
}

/** FormName names a form of forms.json. */
export type FormName = "newsletter" | "contact" | "lessonPlan" | "planFeedback";

/** FormPlace is where a form lives, as forms.json says. */
export interface FormPlace {
  /** page is the id (web/pages.json) of the page holding the form; null for the footer box. */
  page: string | null;
  /** idPrefix starts every field's id: idPrefix-name. */
  idPrefix: string;
  /** noun names what is sent, as in "There is a problem with your …". */
  noun: string;
  /** success is the id of the page a plain form post is redirected to. */
  success: string;
}

/** Refusal is a pattern a kind of field may not match, and the message saying why. */
interface Refusal {
  pattern: string;
  message: string;
}

interface FormsFile {
  honeypot: string;
  refuseByKind: Partial<Record<FieldKind, Refusal[]>>;
  refusals: Record<string, Refusal[]>;
  forms: Record<FormName, FormPlace & { fields: FieldRule[] }>;
}

const forms = formsJson as unknown as FormsFile;

/** compile turns forms.json's refusals into RegExps; the server compiles the same ones. */
function compile(lists: Partial<Record<string, Refusal[]>>): Map<string, { re: RegExp; message: string }[]> {
  return new Map(
    Object.entries(lists)
      .filter((entry): entry is [string, Refusal[]] => Array.isArray(entry[1]))
      .map(([name, list]) => [
        name,
        list.map((r) => ({ re: new RegExp(r.pattern, "u"), message: r.message })),
      ]),
  );
}

// forms.json's refusals by kind of field, and its named lists, compiled once.
const refusals = compile(forms.refuseByKind);
const namedRefusals = compile(forms.refusals);

/** refusalsOf lists what rule refuses: its kind's refusals, then the lists it names. */
function refusalsOf(rule: FieldRule): { re: RegExp; message: string }[] {
  const named = (rule.refuse ?? []).flatMap((name) => {
    const list = namedRefusals.get(name);
    if (!list) throw new Error(`forms.json: field ${rule.name} names no refusals list ${name}`);
    return list;
  });
  return [...(refusals.get(rule.kind) ?? []), ...named];
}

/** HONEYPOT is the name of the field people leave empty and bots fill in. */
export const HONEYPOT: string = forms.honeypot;

/** formFields returns a form's fields in the order of forms.json. */
export function formFields(form: FormName): readonly FieldRule[] {
  return forms.forms[form].fields;
}

/** formPlace returns where a form lives: its page, id prefix, noun and success page. */
export function formPlace(form: FormName): FormPlace {
  const { page, idPrefix, noun, success } = forms.forms[form];
  return { page, idPrefix, noun, success };
}

/** successPath is the URL path of the page a form's plain post is redirected to. */
export function successPath(form: FormName): string {
  return pathOf(forms.forms[form].success);
}

/** fieldRule returns one field of a form; it throws for a name forms.json does not have. */
export function fieldRule(form: FormName, name: string): FieldRule {
  const rule = forms.forms[form].fields.find((f) => f.name === name);
  if (!rule) throw new Error(`forms.json: form ${form} has no field ${name}`);
  return rule;
}

/** FieldValue is what a field holds: text, or the chosen values of a multiselect. */
export type FieldValue = string | readonly string[];

/** FieldErrors maps field names to the message shown next to each field. */
export type FieldErrors = Record<string, string>;

// The server counts characters (code points) of the trimmed text, not UTF-16 units.
function length(text: string): number {
  return Array.from(text).length;
}

// The shape the server accepts (net/mail's bare addr-spec, with a dot inside the domain):
// dot-separated atoms of "atext" on both sides of one @, no leading, trailing or double dots.
const ATEXT = "[\\w!#$%&'*+/=?^`{|}~\\u0080-\\uFFFF-]+";
const EMAIL = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*@${ATEXT}(?:\\.${ATEXT})+$`);

const INTEGER = /^[+-]?\d+$/;

/**
 * validateField returns the message for the first rule value breaks, or undefined when the
 * value is acceptable. Text is trimmed first, as the server does.
 */
export function validateField(rule: FieldRule, value: FieldValue | undefined): string | undefined {
  const m = rule.messages;
  if (rule.kind === "multiselect") {
    const chosen = typeof value === "string" ? (value ? [value] : []) : (value ?? []);
    if (rule.required && chosen.length === 0) return m.required;
    const allowed = new Set((rule.options ?? []).map((o) => o.value));
    if (chosen.some((v) => !allowed.has(v))) return m.options;
    return undefined;
  }

  const text = (typeof value === "string" ? value : (value?.[0] ?? "")).trim();
  if (text === "") return rule.required ? m.required : undefined;

  switch (rule.kind) {
    case "select":
      return (rule.options ?? []).some((o) => o.value === text) ? undefined : m.options;
    case "integer": {
      if (!INTEGER.test(text)) return m.format;
      const n = Number(text);
      if (rule.min !== undefined && n < rule.min) return m.min;
      if (rule.max !== undefined && n > rule.max) return m.max;
      return undefined;
    }
    default: {
      const n = length(text);
      if (rule.maxLength !== undefined && n > rule.maxLength) return m.maxLength;
      if (rule.minLength !== undefined && n < rule.minLength) return m.minLength ?? m.required;
      const refused = refusalsOf(rule).find((r) => r.re.test(text));
      if (refused) return refused.message;
      if (rule.kind === "email" && !EMAIL.test(text)) return m.format;
      return undefined;
    }
  }
}

/** validateForm checks every field of a form and returns the messages of those that fail. */
export function validateForm(form: FormName, values: Record<string, FieldValue | undefined>): FieldErrors {
  const errors: FieldErrors = {};
  for (const rule of formFields(form)) {
    const message = validateField(rule, values[rule.name]);
    if (message) errors[rule.name] = message;
  }
  return errors;
}

/** InputConstraints are the native attributes a field's rules give its input element. */
export interface InputConstraints {
  type?: "email" | "text" | "number";
  inputMode?: "email" | "numeric";
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
}

/**
 * constraints returns the native attributes for a field, so a browser without JavaScript
 * applies the same rules before it posts the form.
 */
export function constraints(rule: FieldRule): InputConstraints {
  const c: InputConstraints = {};
  if (rule.kind === "email") {
    c.type = "email";
    c.inputMode = "email";
  } else if (rule.kind === "integer") {
    c.type = "number";
    c.inputMode = "numeric";
    c.step = 1;
  } else if (rule.kind === "text") {
    c.type = "text";
  }
  if (rule.required) c.required = true;
  if (rule.minLength !== undefined && rule.minLength > 1) c.minLength = rule.minLength;
  if (rule.maxLength !== undefined) c.maxLength = rule.maxLength;
  if (rule.min !== undefined) c.min = rule.min;
  if (rule.max !== undefined) c.max = rule.max;
  return c;
}
