import type { ElicitationContent, ElicitationField, ElicitationSchema } from "./client-answers.js";

type Value = string | number | boolean | string[];

/** The choices an enum field offers (single or multiple): each value with the label to show. */
export function fieldChoices(field: ElicitationField): Array<{ value: string; label: string }> | undefined {
  const source = field.type === "array" ? field.items : field;
  if (!source) return undefined;
  if (source.enum) {
    const names = "enumNames" in source ? source.enumNames : undefined;
    return source.enum.map((value, i) => ({ value, label: names?.[i] ?? value }));
  }
  const consts = ("oneOf" in source ? source.oneOf : undefined) ?? source.anyOf;
  return consts?.map((option) => ({ value: option.const, label: option.title ?? option.const }));
}

/** What a field takes, in words: "a whole number from 1 to 14", "one of single, double". */
export function describeField(field: ElicitationField): string {
  const choices = fieldChoices(field);
  if (choices) {
    const list = choices.map((c) => (c.label === c.value ? c.value : `${c.value} (${c.label})`)).join(", ");
    return field.type === "array" ? `any of ${list}, comma-separated` : `one of ${list}`;
  }
  if (field.type === "boolean") return "yes or no";
  if (field.type === "number" || field.type === "integer") {
    const kind = field.type === "integer" ? "a whole number" : "a number";
    if (field.minimum !== undefined && field.maximum !== undefined) return `${kind} from ${field.minimum} to ${field.maximum}`;
    if (field.minimum !== undefined) return `${kind}, at least ${field.minimum}`;
    if (field.maximum !== undefined) return `${kind}, at most ${field.maximum}`;
    return kind;
  }
  const format =
    field.format === undefined
      ? "text"
      : { email: "an email address", uri: "a URI", date: "a date (YYYY-MM-DD)", "date-time": "a date and time (ISO 8601)" }[field.format];
  if (field.minLength !== undefined && field.maxLength !== undefined) return `${format}, ${field.minLength} to ${characters(field.maxLength)}`;
  if (field.minLength !== undefined) return `${format}, at least ${characters(field.minLength)}`;
  if (field.maxLength !== undefined) return `${format}, at most ${characters(field.maxLength)}`;
  return format;
}

/**
 * A typed value for `field` from what a person typed: numbers parsed, y/n for booleans, an enum
 * value by its value, label or position, a list comma-separated. A problem in words otherwise.
 */
export function parseFieldValue(field: ElicitationField, raw: string): { value: Value } | { problem: string } {
  const text = raw.trim();
  const choices = fieldChoices(field);
  if (choices) {
    const pick = (part: string) => {
      const lower = part.trim().toLowerCase();
      const index = /^\d+$/.test(lower) ? Number(lower) - 1 : -1;
      return choices[index]?.value ?? choices.find((c) => c.value.toLowerCase() === lower || c.label.toLowerCase() === lower)?.value;
    };
    const parts = field.type === "array" ? text.split(",").filter((p) => p.trim() !== "") : [text];
    const picked = parts.map(pick);
    const unknown = parts.filter((_, i) => picked[i] === undefined);
    if (unknown.length) return { problem: `"${unknown.join(", ")}" is not ${describeField(field)}` };
    return checked(field, field.type === "array" ? (picked as string[]) : picked[0]!);
  }
  if (field.type === "boolean") {
    if (/^(y|yes|true)$/i.test(text)) return { value: true };
    if (/^(n|no|false)$/i.test(text)) return { value: false };
    return { problem: `"${text}" is not yes or no` };
  }
  if (field.type === "number" || field.type === "integer") {
    const number = text === "" ? Number.NaN : Number(text);
    if (!Number.isFinite(number)) return { problem: `"${text}" is not ${describeField(field)}` };
    return checked(field, number);
  }
  return checked(field, raw);
}

/**
 * The problems with `content` as an answer to the form `schema`, one line each; empty when it
 * fits: every required field present, no field the form does not have, each value of its type
 * and within its bounds.
 */
export function checkElicitationContent(schema: ElicitationSchema, content: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? [])
    if (!Object.hasOwn(content, name)) problems.push(`"${name}" is required (${describeField(properties[name] ?? {})})`);
  for (const [name, value] of Object.entries(content)) {
    const field = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!field) {
      problems.push(`"${name}" is not a field of this form (it has ${Object.keys(properties).join(", ") || "none"})`);
      continue;
    }
    const problem = problemWith(field, value);
    if (problem) problems.push(`"${name}": ${problem}`);
  }
  return problems;
}

/** The fields' defaults, for the ones `content` leaves out. */
export function withDefaults(schema: ElicitationSchema, content: ElicitationContent): ElicitationContent {
  const filled: ElicitationContent = { ...content };
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (!Object.hasOwn(filled, name) && field.default !== undefined && problemWith(field, field.default) === undefined) filled[name] = field.default as Value;
  }
  return filled;
}

function characters(n: number): string {
  return n === 1 ? "1 character" : `${n} characters`;
}

function checked(field: ElicitationField, value: Value): { value: Value } | { problem: string } {
  const problem = problemWith(field, value);
  return problem === undefined ? { value } : { problem };
}

function problemWith(field: ElicitationField, value: unknown): string | undefined {
  const expected = describeField(field);
  const choices = fieldChoices(field);
  if (field.type === "array") {
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) return `must be a list: ${expected}`;
    const outside = choices ? value.filter((v) => !choices.some((c) => c.value === v)) : [];
    if (outside.length) return `${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} not among ${choices!.map((c) => c.value).join(", ")}`;
    if (field.minItems !== undefined && value.length < field.minItems) return `pick at least ${field.minItems}`;
    if (field.maxItems !== undefined && value.length > field.maxItems) return `pick at most ${field.maxItems}`;
    return undefined;
  }
  if (choices) return typeof value === "string" && choices.some((c) => c.value === value) ? undefined : `must be ${expected}; got ${JSON.stringify(value)}`;
  if (field.type === "boolean") return typeof value === "boolean" ? undefined : `must be true or false; got ${JSON.stringify(value)}`;
  if (field.type === "number" || field.type === "integer") {
    const fits =
      typeof value === "number" &&
      Number.isFinite(value) &&
      (field.type === "number" || Number.isInteger(value)) &&
      (field.minimum === undefined || value >= field.minimum) &&
      (field.maximum === undefined || value <= field.maximum);
    return fits ? undefined : `must be ${expected}; got ${JSON.stringify(value)}`;
  }
  if (typeof value !== "string") return `must be ${expected}; got ${JSON.stringify(value)}`;
  if ((field.minLength !== undefined && value.length < field.minLength) || (field.maxLength !== undefined && value.length > field.maxLength))
    return `must be ${expected}; got ${characters(value.length)}`;
  if (field.format !== undefined && !FORMATS[field.format](value)) return `must be ${expected}; got ${JSON.stringify(value)}`;
  return undefined;
}

const FORMATS: Record<NonNullable<ElicitationField["format"]>, (text: string) => boolean> = {
  // The form only needs what a person would recognise as an address; the server judges the rest.
  email: (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  uri: (text) => URL.canParse(text),
  date: (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)),
  "date-time": (text) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)),
};
