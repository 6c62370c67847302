// What `import ... from "typemcp"` resolves to in fixtures: the public names a tool author uses,
// without index.ts, whose runtime imports (SDK, zod, ajv) would make each fixture program
// ~250 files (1.5 s) instead of ~65.
export { tool } from "../../../decorators/tool.js";
export type { Int } from "../../../types/int.js";
export type { Context } from "../../../runtime/context.js";
