import { describe, expect, it } from "vitest";
import refusalCases from "./refusal-cases.json";
import { constraints, type FormName, fieldRule, validateField, validateForm } from "./rules";

// The browser's checks follow forms.json; these cases mirror the server's scenarios.
describe("validateField", () => {
  const cases: {
    name: string;
    form: "contact" | "lessonPlan" | "newsletter";
    field: string;
    value: string | string[];
    want?: string;
  }[] = [
    { name: "a required field left empty", form: "contact", field: "name", value: "   ", want: "required" },
    { name: "an optional field left empty", form: "contact", field: "organisation", value: "" },
    { name: "a name at the limit", form: "contact", field: "name", value: "x".repeat(100) },
    {
      name: "a name over the limit",
      form: "contact",
      field: "name",
      value: "x".repeat(101),
      want: "maxLength",
    },
    {
      name: "characters, not UTF-16 units, are counted",
      form: "contact",
      field: "name",
      value: "🍎".repeat(100),
    },
    {
      name: "a message too short after trimming",
      form: "contact",
      field: "message",
      value: "  short   ",
      want: "minLength",
    },
    {
      name: "an address without a domain",
      form: "newsletter",
      field: "email",
      value: "teacher@",
      want: "format",
    },
    {
      name: "an address with a space",
      form: "newsletter",
      field: "email",
      value: "a b@school.org",
      want: "format",
    },
    { name: "a good address", form: "newsletter", field: "email", value: "ms.lee@school.k12.ca.us" },
    {
      name: "an address whose domain starts with a dot",
      form: "newsletter",
      field: "email",
      value: "a@.school.org",
      want: "format",
    },
    {
      name: "an address with a double dot",
      form: "newsletter",
      field: "email",
      value: "a@school..org",
      want: "format",
    },
    {
      name: "an address without a dot in the domain",
      form: "newsletter",
      field: "email",
      value: "a@localhost",
      want: "format",
    },
    {
      name: "an address with a display name",
      form: "newsletter",
      field: "email",
      value: "Ann <a@school.org>",
      want: "format",
    },
    { name: "an address with a plus tag", form: "newsletter", field: "email", value: "ann+news@school.org" },
    { name: "a reason not in the list", form: "contact", field: "reason", value: "sales", want: "options" },
    {
      name: "a duration that is not a whole number",
      form: "lessonPlan",
      field: "duration",
      value: "45.5",
      want: "format",
    },
    { name: "a duration below the minimum", form: "lessonPlan", field: "duration", value: "14", want: "min" },
    { name: "a duration at the maximum", form: "lessonPlan", field: "duration", value: "180" },
    {
      name: "a duration above the maximum",
      form: "lessonPlan",
      field: "duration",
      value: "181",
      want: "max",
    },
    {
      name: "listed differentiation needs",
      form: "lessonPlan",
      field: "differentiation",
      value: ["advanced", "iep-504"],
    },
    {
      name: "an unlisted differentiation need",
      form: "lessonPlan",
      field: "differentiation",
      value: ["gifted"],
      want: "options",
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const rule = fieldRule(c.form, c.field);
      const want = c.want ? rule.messages[c.want as keyof typeof rule.messages] : undefined;
      expect(validateField(rule, c.value)).toBe(want);
    });
  }
});

describe("validateForm", () => {
  it("returns one message per failing field", () => {
    expect(validateForm("newsletter", { email: "" })).toEqual({ email: "Enter your email address." });
    expect(validateForm("newsletter", { email: "a@b.org" })).toEqual({});
  });
});

describe("constraints", () => {
  it("gives inputs the native attributes of their rules", () => {
    expect(constraints(fieldRule("lessonPlan", "duration"))).toMatchObject({
      type: "number",
      required: true,
      min: 15,
      max: 180,
    });
    expect(constraints(fieldRule("lessonPlan", "topic"))).toMatchObject({
      type: "text",
      minLength: 3,
      maxLength: 200,
    });
    expect(constraints(fieldRule("contact", "email"))).toMatchObject({
      type: "email",
      required: true,
      maxLength: 254,
    });
    expect(constraints(fieldRule("lessonPlan", "notes"))).toEqual({ maxLength: 1000 });
  });
});

describe("forms.json's refusals by kind of field", () => {
  // The same cases run on the server (internal/server/refusal_test.go).
  for (const c of refusalCases.cases) {
    it(`${c.form}.${c.field} ${JSON.stringify(c.value)} → ${c.want || "accepted"}`, () => {
      const message = validateField(fieldRule(c.form as FormName, c.field), c.value);
      if (c.want === "") expect(message).toBeUndefined();
      else expect(message).toMatch(new RegExp(`^${c.want.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    });
  }
});
