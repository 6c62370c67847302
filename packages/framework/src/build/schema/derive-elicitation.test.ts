import ts from "./typescript.cjs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { FIXTURE_FILE, createFixtureProgram } from "./__fixtures__/derive-source.js";
import { deriveElicitations, type Elicitations } from "./derive-elicitations.js";

const HEADER = 'import type { Context, Int } from "typemcp";\n';
const fixtureFile = path.relative(process.cwd(), FIXTURE_FILE);

/** Derives the `ctx.elicit<T>(message)` calls of `body` (a module that may use `ctx: Context`), after checking it type-checks. */
function derive(body: string): Elicitations {
  const program = createFixtureProgram(HEADER + body);
  const file = program.getSourceFile(FIXTURE_FILE)!;
  const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
  if (diagnostics.length) throw new Error(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n"));
  return deriveElicitations(program, [file]);
}

/** The one schema `body` derives. */
function schemaOf(body: string): unknown {
  const { schemas, errors } = derive(body);
  expect(errors.map((e) => e.message)).toEqual([]);
  expect(schemas.size).toBe(1);
  return [...schemas.values()][0];
}

/** The errors of `body`, as the build prints them (`file:line:column - message`). */
function errorsOf(body: string): string[] {
  const { schemas, errors } = derive(body);
  expect(schemas.size).toBe(0);
  return errors.map((e) => e.format());
}

/** `file:line:column` of the first `needle` in `body`, as the build names it. */
function at(body: string, needle: string): string {
  const text = HEADER + body;
  const index = text.indexOf(needle);
  const before = text.slice(0, index).split("\n");
  return `${fixtureFile}:${before.length}:${before.at(-1)!.length + 1}`;
}

describe("deriveElicitation", () => {
  test("derives a flat object of string, number, Int, boolean, choices and optional described properties", () => {
    expect(
      schemaOf(`
        enum Size { Small = "small", Large = "large" }
        export async function ask(ctx: Context) {
          return ctx.elicit<{
            /** Your name, as it should appear on the badge. @minLength 2 @maxLength 40 */
            name: string;
            /** How tall you are, in metres. @minimum 0 */
            height: number;
            /** How many guests you bring. */
            guests: Int;
            /** Whether you come. */
            attending: boolean;
            /** Meal. */
            meal?: "fish" | "veg";
            size: Size;
            /** @format email */
            email?: string;
            /** Sessions to join. */
            sessions?: ("morning" | "afternoon")[];
          }>("Register for the event");
        }
      `),
    ).toEqual({
      type: "object",
      properties: {
        name: { type: "string", description: "Your name, as it should appear on the badge.", minLength: 2, maxLength: 40 },
        height: { type: "number", description: "How tall you are, in metres.", minimum: 0 },
        guests: { type: "integer", description: "How many guests you bring." },
        attending: { type: "boolean", description: "Whether you come." },
        meal: { type: "string", enum: ["fish", "veg"], description: "Meal." },
        size: { type: "string", enum: ["small", "large"] },
        email: { type: "string", format: "email" },
        sessions: { type: "array", items: { type: "string", enum: ["morning", "afternoon"] }, description: "Sessions to join." },
      },
      required: ["name", "height", "guests", "attending", "size"],
    });
  });

  test("derives a named interface the same as a type literal", () => {
    expect(
      schemaOf(`
        interface Confirm {
          /** Really delete? */
          confirm: boolean;
          reason?: string;
        }
        export const ask = (ctx: Context) => ctx.elicit<Confirm>("Delete everything?", { key: "confirm" });
      `),
    ).toEqual({
      type: "object",
      properties: { confirm: { type: "boolean", description: "Really delete?" }, reason: { type: "string" } },
      required: ["confirm"],
    });
  });

  test("derives the README's example, with @title and @default", () => {
    expect(
      schemaOf(`
        interface Booking {
          /** Who is staying. @title Guest @minLength 1 */
          name: string;
          /** How many nights. @minimum 1 @maximum 14 @default 1 */
          nights?: Int;
          room: "single" | "double";
          /** Extras to add. */
          extras?: ("breakfast" | "parking")[];
        }
        export const ask = (ctx: Context) => ctx.elicit<Booking>("Who is staying, and for how long?");
      `),
    ).toEqual({
      type: "object",
      properties: {
        name: { type: "string", title: "Guest", description: "Who is staying.", minLength: 1 },
        nights: { type: "integer", description: "How many nights.", minimum: 1, maximum: 14, default: 1 },
        room: { type: "string", enum: ["single", "double"] },
        extras: { type: "array", items: { type: "string", enum: ["breakfast", "parking"] }, description: "Extras to add." },
      },
      required: ["name", "room"],
    });
  });

  test("leaves the explicit-schema form alone", () => {
    const { schemas, errors } = derive(`
      export const ask = (ctx: Context) => ctx.elicit<{ a: string }>("?", { type: "object", properties: { a: { type: "string" } } });
    `);
    expect([schemas.size, errors.length]).toEqual([0, 0]);
  });

  test("fails at the property for a nested object, naming file:line:column", () => {
    const body = `
      export const ask = (ctx: Context) =>
        ctx.elicit<{
          name: string;
          address: { street: string; city: string };
        }>("Where do you live?");
    `;
    expect(errorsOf(body)).toEqual([
      `${at(body, "address:")} - ctx.elicit<{ name: string; address: { street: string; city: string }; }>: property "address": a nested object (\`{ street: string; city: string; }\`) cannot be asked for: MCP elicitation asks for a flat object of strings, numbers, booleans and string choices; ask for its fields as properties of their own`,
    ]);
  });

  test("fails at the property for a Date, saying to take a date-time string", () => {
    const body = `
      interface Meeting { when: Date }
      export const ask = (ctx: Context) => ctx.elicit<Meeting>("When?");
    `;
    expect(errorsOf(body)).toEqual([
      `${at(body, "Meeting>")} - ctx.elicit<Meeting>: property "when": a \`Date\` cannot be asked for: MCP elicitation takes strings, numbers, booleans and string choices; take a \`string\` tagged \`@format date-time\` (or \`@format date\`) and build the \`Date\` from it`,
    ]);
  });

  test("fails for an array of objects, a function, null and number choices, one error each", () => {
    const errors = errorsOf(`
      export const ask = (ctx: Context) =>
        ctx.elicit<{ items: { id: string }[]; run: () => void; note: string | null; level: 1 | 2 }>("?");
    `);
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(/property "items": an array of `\{ id: string; \}` cannot be asked for: only an array of string literals/);
    expect(errors[1]).toMatch(/property "run": a function cannot be asked for/);
    expect(errors[2]).toMatch(/property "note": `null` cannot be an answer; make the property optional/);
    expect(errors[3]).toMatch(/property "level": number choices cannot be asked for/);
  });

  test("fails for a T that is not an object, a union of objects, or a type parameter left generic", () => {
    expect(errorsOf(`export const ask = (ctx: Context) => ctx.elicit<string[]>("?");`)[0]).toMatch(
      /:2:\d+ - ctx\.elicit<string\[\]>: `string\[\]` is not an object type of the answer's fields/,
    );
    expect(errorsOf(`export const ask = (ctx: Context) => ctx.elicit<{ a: string } | { b: number }>("?");`)[0]).toMatch(/a union \(.*\) cannot be asked for/);
    expect(errorsOf(`export const ask = <U extends object>(ctx: Context) => ctx.elicit<U>("?");`)[0]).toMatch(
      /ctx\.elicit<U>: `U` is a type parameter, left generic/,
    );
  });

  test("fails for a JSDoc keyword the elicitation subset lacks", () => {
    const body = `export const ask = (ctx: Context) =>
      ctx.elicit<{
        /** @pattern ^a */
        code: string;
      }>("?");`;
    expect(errorsOf(body)[0]).toMatch(/property "code": `@pattern` is not part of MCP elicitation's schema subset/);
  });

  test("fails for ctx.elicit(message) with neither a type nor a schema, saying how to write it", () => {
    const body = `export const ask = (ctx: Context) => ctx.elicit("Sure?");`;
    expect(errorsOf(body)).toEqual([
      `${at(body, "ctx.elicit(")} - ctx.elicit(message) names neither the answer's type nor a schema: write the type, \`ctx.elicit<{ confirm: boolean }>(message)\`, and \`typemcp build\` derives the requested schema from it (or pass a schema as the second argument).`,
    ]);
  });
});
