/**
 * Stands in for `ajv/dist/2020.js` where validators are compiled at build time (see
 * `precompiledValidators`): `new Ajv2020(options).compile(schema)` finds the function the build
 * compiled for that schema, by its canonical JSON, in the table of the instance the options name
 * (the arguments' instance fills in defaults, the results' does not). A schema the build did not
 * compile goes to the real ajv where the platform can compile at run time (ajv-fallback.ts), and
 * is refused, saying so, where it cannot (Workers: no-ajv-fallback.ts).
 * @packageDocumentation
 */
import { TABLE as INPUT } from "typemcp:validators-input";
import { TABLE as OUTPUT } from "typemcp:validators-output";
import { fallbackAjv } from "typemcp:ajv-fallback";
import { canonicalJson } from "../../../runtime/canonical-json.js";

/** A validation function as ajv's standalone code writes it. */
type Validate = (data: unknown) => boolean;

/** What typemcp's run time asks of an ajv instance. */
export interface CompilingAjv {
  compile(schema: unknown): Validate;
}

/** ajv's `Ajv2020`, as far as typemcp's run time uses it, over the functions compiled at build time. */
export class Ajv2020 implements CompilingAjv {
  private readonly table: Record<string, Validate>;
  private fallback: CompilingAjv | undefined;

  constructor(private readonly options: { useDefaults?: boolean } = {}) {
    this.table = options.useDefaults ? INPUT : OUTPUT;
  }

  /** The function compiled at build time for `schema`, else the fallback's; throws when there is neither. */
  compile(schema: unknown): Validate {
    const validate = this.table[canonicalJson(schema)];
    if (validate) return validate;
    if (fallbackAjv) return (this.fallback ??= fallbackAjv(this.options)).compile(schema);
    throw new Error(
      `typemcp: this schema was not compiled at build time (this build compiles no validator at run time): ${JSON.stringify(schema).slice(0, 200)}`,
    );
  }
}

export default Ajv2020;
