// Unit tests call ArgumentValidator.check directly; servers load ajv on their first call, tests
// load it here, once per test file, before any test runs.
import { loadValidators } from "../../packages/framework/src/runtime/validation/argument-validator.js";

await loadValidators();
