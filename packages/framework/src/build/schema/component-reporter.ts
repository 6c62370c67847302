import { BuildError } from "../../errors/build-error.js";
import type { BuildWarning } from "./build-warning.js";
import type { Reporter } from "./derive-parameters.js";
import type { FoundComponent } from "./find-components.js";
import { locationOf } from "./source-location.js";

/** A reporter for one component's derivation, and the errors and warnings it collects. */
export interface ComponentReport {
  readonly report: Reporter;
  readonly errors: BuildError[];
  readonly warnings: BuildWarning[];
}

/** Collects what deriving `found` runs into, each message prefixed `Class.method:` and placed at its node. */
export function createReporter(found: FoundComponent): ComponentReport {
  const where = `${found.klass.name?.text ?? "(anonymous class)"}.${found.method.name.getText()}`;
  const errors: BuildError[] = [];
  const warnings: BuildWarning[] = [];
  const report: Reporter = {
    fail: (node, message) => errors.push(new BuildError("UNSUPPORTED_SIGNATURE", `${where}: ${message}`, { location: locationOf(node) })),
    warn: (node, message) => warnings.push({ message: `${where}: ${message}`, location: locationOf(node) }),
  };
  return { report, errors, warnings };
}
