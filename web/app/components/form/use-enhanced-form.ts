import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import {
  type FieldErrors,
  type FieldValue,
  type FormName,
  formFields,
  formPlace,
  HONEYPOT,
  validateForm,
} from "./rules";
import { postJson } from "./submit";

/** FormStatus is where a form stands: idle, sending, or finished with a message. */
export type FormStatus =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "success"; message: string }
  | { kind: "error"; message: string };

/** FormValues are a form's values as read from the form element. */
export type FormValues = Record<string, FieldValue>;

/**
 * useHydrated is false while the page is pre-rendered HTML (and during hydration) and true
 * once React runs in the browser: forms add noValidate and their own messages only then, so
 * without JavaScript the browser's native checks stay in charge.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** readValues reads a form's fields (and the honeypot) from the form element. */
export function readValues(form: HTMLFormElement, name: FormName): FormValues {
  const data = new FormData(form);
  const values: FormValues = {};
  for (const rule of formFields(name)) {
    if (rule.kind === "multiselect") {
      values[rule.name] = data.getAll(rule.name).map(String);
    } else {
      const v = data.get(rule.name);
      values[rule.name] = typeof v === "string" ? v : "";
    }
  }
  const trap = data.get(HONEYPOT);
  values[HONEYPOT] = typeof trap === "string" ? trap : "";
  return values;
}

/**
 * toPayload turns form values into the JSON body the API expects: whole numbers for integer
 * fields, arrays for multiselects, text as typed (the server trims).
 */
export function toPayload(name: FormName, values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const rule of formFields(name)) {
    const v = values[rule.name];
    if (rule.kind === "multiselect") {
      body[rule.name] = Array.isArray(v) ? v : v ? [v] : [];
    } else if (rule.kind === "integer") {
      const text = typeof v === "string" ? v.trim() : "";
      body[rule.name] = /^[+-]?\d+$/.test(text) ? Number(text) : text;
    } else {
      body[rule.name] = typeof v === "string" ? v : "";
    }
  }
  body[HONEYPOT] = values[HONEYPOT] ?? "";
  return body;
}

/** EnhancedFormOptions configure useEnhancedForm. */
export interface EnhancedFormOptions<T> {
  /** form names the forms.json entry whose rules apply. */
  form: FormName;
  /** action is the API URL the JSON is posted to (the same URL as the form's action). */
  action: string;
  /**
   * onSuccess runs after a 2xx with the decoded body and the values sent. It returns the
   * message announced in the status region, or undefined when it moves on (navigates).
   */
  onSuccess: (body: T, values: FormValues, form: HTMLFormElement) => string | undefined;
}

/** EnhancedForm is what useEnhancedForm gives a form component. */
export interface EnhancedForm {
  hydrated: boolean;
  status: FormStatus;
  errors: FieldErrors;
  /** formError is a problem the server reported for no particular field. */
  formError?: string;
  /** idPrefix (forms.json) makes field ids unique on the page (the footer box is on every page). */
  idPrefix: string;
  fieldId: (name: string) => string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * useEnhancedForm turns a plain, working HTML form into one that checks its fields against
 * forms.json before sending, posts JSON, shows the server's 422 messages next to the fields,
 * keeps what was typed, and moves focus to the first field with a problem.
 */
export function useEnhancedForm<T>(options: EnhancedFormOptions<T>): EnhancedForm {
  const { form: name, action, onSuccess } = options;
  const { idPrefix } = formPlace(name);
  const hydrated = useHydrated();
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement | null>(null);
  const focusPending = useRef(false);
  const sending = useRef(false);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  const fieldId = useCallback((field: string) => `${idPrefix}-${field}`, [idPrefix]);

  // Focus moves after React has rendered the messages, so a screen reader reads the field
  // together with its message (aria-describedby) when focus lands on it.
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const form = formRef.current;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      const control = element as HTMLInputElement;
      if (control.name && control.name in errors) {
        control.focus();
        return;
      }
    }
  }, [errors]);

  const fieldNames = new Set(formFields(name).map((f) => f.name));

  const showErrors = (found: FieldErrors) => {
    const onFields: FieldErrors = {};
    const elsewhere: string[] = [];
    for (const [field, message] of Object.entries(found)) {
      if (fieldNames.has(field)) onFields[field] = message;
      else elsewhere.push(message);
    }
    focusPending.current = Object.keys(onFields).length > 0;
    setErrors(onFields);
    setFormError(elsewhere.length > 0 ? elsewhere.join(" ") : undefined);
    return Object.keys(onFields).length + elsewhere.length;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    formRef.current = form;
    const values = readValues(form, name);

    const found = validateForm(name, values);
    if (showErrors(found) > 0) {
      setStatus({ kind: "idle" });
      return;
    }

    sending.current = true;
    setStatus({ kind: "sending" });
    void postJson<T>(action, toPayload(name, values)).then((result) => {
      sending.current = false;
      if (result.kind === "invalid") {
        if (showErrors(result.errors) === 0) {
          setFormError("Some answers need another look.");
        }
        setStatus({ kind: "idle" });
        return;
      }
      if (result.kind === "failed") {
        setStatus({ kind: "error", message: result.message });
        return;
      }
      const message = onSuccessRef.current(result.body, values, form);
      if (message !== undefined) setStatus({ kind: "success", message });
    });
  };

  return { hydrated, status, errors, formError, idPrefix, fieldId, onSubmit };
}
