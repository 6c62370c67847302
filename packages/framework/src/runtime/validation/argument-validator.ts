import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { ARGUMENT_WORDS, describeErrors, type MemberCheck } from "./describe-errors.js";
import { parseJsonArguments, toJsonArgumentKinds } from "./parse-json-arguments.js";

let ajv: Ajv2020 | undefined;
let outputAjv: Ajv2020 | undefined;
let foreignAjv: Ajv2020 | undefined;
let createAjv: ((options: Record<string, unknown>) => Ajv2020) | undefined;
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
    // validateSchema: false: a server's schemas come from its build, which has already compiled
    // each one with a strict ajv that checks it against the 2020-12 meta-schema (whyNotStrict).
    // Checking again here compiled that meta-schema, its vocabularies and formats on the first
    // call, once per instance: about 75 ms of CPU on Node 24, most of the first call's cost.
    // meta: false: nothing then needs the meta-schemas themselves (the build strips `$schema`),
    // and adding them walked each one at every new instance (~5 ms).
    createAjv = (options) => addFormats(new Ajv2020({ allErrors: true, verbose: true, strict: false, validateSchema: false, meta: false, ...options }));
    ajv = createAjv({ useDefaults: true });
  });
  return loading;
}

/** Whether `loadValidators()` has finished, so `check` may run. */
export function validatorsLoaded(): boolean {
  return ajv !== undefined;
}

function getAjv(origin: SchemaOrigin): Ajv2020 {
  if (!ajv || !createAjv) throw new Error("ArgumentValidator.check ran before loadValidators() finished");
  // A schema from another server was never checked by a build: ajv checks it against the
  // meta-schema first, so a broken one fails to compile instead of judging arguments wrongly.
  return origin === "built" ? ajv : (foreignAjv ??= createAjv({ useDefaults: true, validateSchema: true, meta: true }));
}

/** Where a schema comes from: a typemcp build, which checked it, or another server (the host side). */
export type SchemaOrigin = "built" | "foreign";

/**
 * The ajv instance that checks results: like the arguments' one, but it never fills in
 * defaults, which would change the value a tool returned. Made on the first check of a result.
 */
export function getOutputAjv(): Ajv2020 {
  if (!createAjv) throw new Error("a result was checked before loadValidators() finished");
  return (outputAjv ??= createAjv({}));
}

// The validators of union members, compiled the first time a call fails inside that union.
const memberValidators = new WeakMap<Ajv2020, Map<string, ValidateFunction>>();

/** Checks `data` against one union member on `instance`, for describeErrors to tell which member was meant. */
export function checkMemberWith(instance: Ajv2020): MemberCheck {
  return (member, data) => {
    let cache = memberValidators.get(instance);
    if (!cache) memberValidators.set(instance, (cache = new Map()));
    const key = JSON.stringify(member);
    let validate = cache.get(key);
    if (!validate) cache.set(key, (validate = instance.compile(member)));
    return validate(data) ? [] : [...(validate.errors ?? [])];
  };
}

/** Checks one tool's arguments; compiled on first use, then reused for every call. */
export class ArgumentValidator {
  private validate: ValidateFunction | undefined;
  private jsonKinds: ReturnType<typeof toJsonArgumentKinds> | undefined;

  constructor(
    private readonly schema: JsonSchema,
    private readonly origin: SchemaOrigin = "built",
  ) {}

  /**
   * The problems with `args`, one line each; empty when they are valid. Fills in schema defaults
   * and parses an object or array argument sent as a JSON string (a bug of several hosts).
   */
  check(args: Record<string, unknown>): string[] {
    this.validate ??= getAjv(this.origin).compile(this.schema);
    this.jsonKinds ??= toJsonArgumentKinds(this.schema);
    if (this.jsonKinds.size) parseJsonArguments(args, this.jsonKinds);
    if (this.validate(args)) return [];
    return describeErrors(this.validate.errors ?? [], this.schema, args, ARGUMENT_WORDS, checkMemberWith(getAjv(this.origin)));
  }
}
