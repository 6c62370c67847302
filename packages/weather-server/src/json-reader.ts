/** A response body that is valid JSON but not in the shape the code expects. */
export class UnexpectedShapeError extends Error {
  constructor(path: string, expected: string, value: unknown) {
    super(`${path || "the body"} should be ${expected} but is ${describe(value)}`);
    this.name = "UnexpectedShapeError";
  }
}

/**
 * Reads a parsed JSON document one step at a time, so a missing or mistyped field is reported
 * with its path (`properties.periods[2].temperature`) instead of surfacing as `undefined` later.
 */
export class JsonReader {
  constructor(
    readonly value: unknown,
    readonly path = "",
  ) {}

  /** The member `key` of this object; a reader of `undefined` when it is absent. */
  get(key: string): JsonReader {
    const object = this.value;
    if (object === null || typeof object !== "object" || Array.isArray(object)) throw new UnexpectedShapeError(this.path, "an object", object);
    return new JsonReader((object as Record<string, unknown>)[key], this.path ? `${this.path}.${key}` : key);
  }

  /** The member `key`, or a reader of `null` when this value is itself null or absent. */
  getOptional(key: string): JsonReader {
    return this.value === null || this.value === undefined ? new JsonReader(null, this.path) : this.get(key);
  }

  /** A reader for each element of this array. */
  items(): JsonReader[] {
    if (!Array.isArray(this.value)) throw new UnexpectedShapeError(this.path, "an array", this.value);
    return this.value.map((item, i) => new JsonReader(item, `${this.path}[${i}]`));
  }

  string(): string {
    if (typeof this.value !== "string") throw new UnexpectedShapeError(this.path, "a string", this.value);
    return this.value;
  }

  number(): number {
    if (typeof this.value !== "number") throw new UnexpectedShapeError(this.path, "a number", this.value);
    return this.value;
  }

  boolean(): boolean {
    if (typeof this.value !== "boolean") throw new UnexpectedShapeError(this.path, "a boolean", this.value);
    return this.value;
  }

  /** An RFC 3339 date-time string with its UTC offset, as the output schemas promise. */
  dateTime(): string {
    const text = this.string();
    if (!DATE_TIME.test(text) || Number.isNaN(Date.parse(text))) throw new UnexpectedShapeError(this.path, "a date-time", text);
    return text;
  }

  /** The date-time string, or null when the field is null or absent. */
  dateTimeOrNull(): string | null {
    return this.value === null || this.value === undefined ? null : this.dateTime();
  }

  /** The string, or null when the field is null or absent; anything else is a shape error. */
  stringOrNull(): string | null {
    return this.value === null || this.value === undefined ? null : this.string();
  }

  /** The number, or null when the field is null or absent; anything else is a shape error. */
  numberOrNull(): number | null {
    return this.value === null || this.value === undefined ? null : this.number();
  }
}

const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

function describe(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `the ${typeof value} ${JSON.stringify(value).slice(0, 40)}`;
}
