import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, describe, expect, test } from "vitest";
import { esbuild } from "../vendor/esbuild.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { precompiledValidators, validatorModule } from "./precompiled-validators.js";
import { validatorsAsText } from "./validators-as-text.js";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-precompiled-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

// Arguments with a default, a format and a union; a result with a nested array.
const INPUT: JsonSchema = {
  type: "object",
  properties: {
    a: { type: "number", minimum: 0 },
    when: { type: "string", format: "date-time" },
    unit: { anyOf: [{ type: "string", maxLength: 3 }, { type: "number" }] },
    scale: { type: "number", default: 1 },
  },
  required: ["a"],
  additionalProperties: false,
};
const OUTPUT: JsonSchema = { type: "object", properties: { items: { type: "array", items: { type: "string" } } }, required: ["items"] };

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/** Bundles what a build compiled ahead of time, as a platform build does, and loads it: ajv's `Ajv2020` becomes the table. */
async function loadPrecompiled(fallback = false): Promise<new (options?: { useDefaults?: boolean }) => { compile(schema: unknown): Validate }> {
  const result = await esbuild.build({
    stdin: { contents: 'export { Ajv2020 } from "ajv/dist/2020.js";', resolveDir: scratch, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    logLevel: "silent",
    plugins: [precompiledValidators({ input: [INPUT], output: [OUTPUT] }, { fallback }), ...(fallback ? [validatorsAsText()] : [])],
  });
  const file = path.join(scratch, `precompiled-${fallback}.mjs`);
  fs.writeFileSync(file, result.outputFiles[0]!.text);
  return ((await import(pathToFileURL(file).href)) as { Ajv2020: never }).Ajv2020;
}

// The run time's ajv with the run time's options (runtime/validation/argument-validator.ts).
function runtimeValidator(schema: JsonSchema, useDefaults: boolean): Validate {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, useDefaults });
  (addFormats as unknown as (ajv: Ajv2020) => Ajv2020)(ajv);
  return ajv.compile(schema) as Validate;
}

describe("precompiledValidators", () => {
  test("the generated validator modules are current (regenerate with vitest -u after a deliberate change)", async () => {
    await expect(validatorModule([INPUT], { useDefaults: true })).toMatchFileSnapshot("./__snapshots__/validators-input.js");
    await expect(validatorModule([OUTPUT], {})).toMatchFileSnapshot("./__snapshots__/validators-output.js");
  });

  test("a validator compiled at build time accepts, rejects, fills in defaults and reports errors as the run time's ajv does", async () => {
    const Precompiled = await loadPrecompiled();
    const cases: Array<[JsonSchema, boolean, unknown]> = [
      [INPUT, true, { a: 2 }],
      [INPUT, true, { a: 2, when: "2026-12-04T09:00:00Z", unit: "kg" }],
      [INPUT, true, { a: -1, when: "yesterday", unit: "grams", extra: true }],
      [INPUT, true, { when: 3 }],
      [OUTPUT, false, { items: ["a", "b"] }],
      [OUTPUT, false, { items: [1] }],
      [OUTPUT, false, {}],
    ];
    for (const [schema, useDefaults, value] of cases) {
      const built = new Precompiled({ useDefaults }).compile(schema);
      const runtime = runtimeValidator(schema, useDefaults);
      const [builtValue, runtimeValue] = [structuredClone(value), structuredClone(value)];
      expect(built(builtValue), JSON.stringify(value)).toBe(runtime(runtimeValue));
      expect(builtValue).toEqual(runtimeValue);
      const summary = (v: Validate) =>
        (v.errors as Array<{ instancePath: string; keyword: string }> | null | undefined)?.map((e) => `${e.instancePath} ${e.keyword}`) ?? [];
      expect(summary(built)).toEqual(summary(runtime));
    }
    // Each member of a union is compiled too: describe-errors checks them one by one.
    expect(new Precompiled({ useDefaults: true }).compile({ type: "string", maxLength: 3 })("kg")).toBe(true);
  });

  test("a recursive type's union, whose members refer to the root's $defs, is compiled member by member with those $defs", () => {
    const json = { anyOf: [{ type: "string" }, { type: "array", items: { $ref: "#/$defs/Json" } }] };
    const recursive: JsonSchema = { type: "object", properties: { value: { $ref: "#/$defs/Json" } }, $defs: { Json: json } };
    const module = validatorModule([recursive], {});
    // Each member is there with the root's $defs beside it, as describe-errors checks it.
    expect(module).toContain(JSON.stringify({ type: "array", items: { $ref: "#/$defs/Json" }, $defs: { Json: json } }).slice(0, -1));
  });

  test("without a fallback (Workers), a schema the build did not compile is refused, saying so", async () => {
    const Precompiled = await loadPrecompiled();
    expect(() => new Precompiled().compile({ type: "boolean" })).toThrow(/not compiled at build time/);
  });

  test("with the fallback (Node, Deno, Bun), a schema the build did not compile is compiled by ajv carried as text, with formats", async () => {
    const Precompiled = await loadPrecompiled(true);
    const validate = new Precompiled({ useDefaults: true }).compile({ type: "object", properties: { at: { type: "string", format: "email" } } });
    expect(validate({ at: "someone@example.com" })).toBe(true);
    expect(validate({ at: "nobody" })).toBe(false);
    expect((validate.errors as Array<{ keyword: string }>).map((e) => e.keyword)).toEqual(["format"]);
  });
});
