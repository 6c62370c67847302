import type { ValidateFunction } from "ajv/dist/2020.js";
import { ToolError } from "../../errors/tool-error.js";
import type { JsonSchema, ResultPlan } from "../../definitions/tool-definition.js";
import { checkMemberWith, getOutputAjv } from "../validation/argument-validator.js";
import { describeErrors, type ErrorWords } from "../validation/describe-errors.js";
import { SchemaPlace } from "./schema-place.js";
import { toJsonValue } from "./to-json-value.js";

const RESULT_WORDS: ErrorWords = { root: "result", part: "property" };
// What a `text` result is held to: a string, checked as a wrapped one would be when it is not one.
const TEXT_SCHEMA: JsonSchema = { type: "object", properties: { result: { type: "string" } }, required: ["result"], additionalProperties: false };

/**
 * Makes sure what a tool returned is what its output schema promises before it is sent: the
 * value converted to JSON as declared (`Date`, `Set`, bytes, `URL`, a class instance as the data
 * its schema lists: see `toJsonValue`), the one conversion every era and transport sends, nothing JSON cannot carry
 * (a number that is not finite), and valid against the schema. A client that validates results,
 * as the MCP SDKs do, would otherwise fail the whole call; this way the model gets an `isError`
 * result that says what the tool returned wrong. The schema compiles on the tool's first result.
 */
export class OutputContract {
  private validate: ValidateFunction | undefined;
  private place: SchemaPlace | undefined;
  private readonly plan: ResultPlan;
  private readonly schema: JsonSchema | undefined;
  /** A `text` result: a string goes as it is. */
  private readonly text: boolean;

  constructor(
    private readonly tool: string,
    plan: ResultPlan,
    schema: JsonSchema | undefined,
  ) {
    // A string tool's text goes as it is; anything else it returns is refused as a wrapped value would be.
    this.plan = plan === "text" ? "wrap" : plan;
    this.schema = plan === "text" ? TEXT_SCHEMA : schema;
    this.text = plan === "text";
  }

  /** The value as it will be sent (`structuredContent` for an object, `result` of a wrapped one, the text of a string one); throws a `ToolError` saying what is wrong. */
  toWire(value: unknown): unknown {
    if (this.plan === "none" || (this.text && typeof value === "string")) return value;
    const problems: string[] = [];
    const wrap = this.plan === "wrap";
    this.place ??= wrap ? SchemaPlace.of(this.schema)?.property("result") : SchemaPlace.of(this.schema);
    const json = toJsonValue(wrap ? (value ?? null) : value, problems, wrap ? "result" : "", this.place);
    if (problems.length) throw this.broken(problems.map((p) => (p.startsWith(": ") ? `result${p}` : p)));
    if (this.schema) {
      this.validate ??= getOutputAjv().compile(this.schema);
      const checked = this.plan === "wrap" ? { result: json } : json;
      if (!this.validate(checked)) {
        throw this.broken(describeErrors(this.validate.errors ?? [], this.schema, checked, RESULT_WORDS, checkMemberWith(getOutputAjv())));
      }
    }
    return json;
  }

  private broken(problems: string[]): ToolError {
    const message = `The tool "${this.tool}" returned a result it cannot send, so the call failed:\n${problems.map((p) => `- ${p}`).join("\n")}`;
    return new ToolError(message, { code: "INVALID_RESULT" });
  }
}
