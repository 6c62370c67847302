import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import type { JsonSchema } from "../tool-definition.js";
import { describeErrors } from "./describe-errors.js";
import { parseJsonArguments, toJsonArgumentKinds } from "./parse-json-arguments.js";

let ajv: Ajv2020 | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads ajv on first need. Evaluating ajv and its formats is a large share of a server's
 * start-up, and `initialize` and `tools/list` never validate anything, so a server pays for it
 * at its first call instead.
 */
export function loadValidators(): Promise<void> {
  loading ??= Promise.all([import("ajv/dist/2020.js"), import("ajv-formats")]).then(([{ Ajv2020 }, formats]) => {
    // ajv-formats is CommonJS: its default export is the plugin function itself.
    const addFormats = formats.default as unknown as (instance: Ajv2020) => Ajv2020;
    // allErrors: a model should learn about every wrong parameter from one failed call.
    // verbose: each error carries the schema and value it is about, for describeErrors.
    ajv = addFormats(new Ajv2020({ allErrors: true, verbose: true, strict: false, useDefaults: true }));
  });
  return loading;
}

/** Whether `loadValidators()` has finished, so `check` may run. */
export function validatorsLoaded(): boolean {
  return ajv !== undefined;
}

function getAjv(): Ajv2020 {
  if (!ajv) throw new Error("ArgumentValidator.check ran before loadValidators() finished");
  return ajv;
}

/** Checks one tool's arguments; compiled on first use, then reused for every call. */
export class ArgumentValidator {
  private validate: ValidateFunction | undefined;
  private jsonKinds: ReturnType<typeof toJsonArgumentKinds> | undefined;

  constructor(private readonly schema: JsonSchema) {}

  /**
   * The problems with `args`, one line each; empty when they are valid. Fills in schema defaults
   * and parses an object or array argument sent as a JSON string (a bug of several hosts).
   */
  check(args: Record<string, unknown>): string[] {
    this.validate ??= getAjv().compile(this.schema);
    this.jsonKinds ??= toJsonArgumentKinds(this.schema);
    if (this.jsonKinds.size) parseJsonArguments(args, this.jsonKinds);
    if (this.validate(args)) return [];
    return describeErrors(this.validate.errors ?? [], this.schema, args);
  }
}
