/**
 * Where serve() may set V8 flags of its own at run time (young-generation.ts,
 * span-pretenuring.ts): only on Node, on a major whose V8 is known to have them, and never over
 * a flag the user chose.
 */

/**
 * The Node majors whose V8 is known to have the flags serve() sets (each checked with
 * `node --v8-options`). V8 prints an unknown flag's error to stdout, the protocol's channel in
 * stdio mode, so on any other Node no flag is set at all.
 */
const KNOWN_NODE_MAJORS = new Set([20, 21, 22, 23, 24, 25, 26]);

/**
 * Whether serve() may set a V8 flag whose name matches `chosen`: on a known Node (not Bun, not
 * Deno), when the user passed no such flag on the command line or in `NODE_OPTIONS` (theirs stands).
 */
export function mayTuneV8(chosen: RegExp): boolean {
  const versions = process.versions as Record<string, string | undefined>;
  if (versions.node === undefined || versions.bun !== undefined || versions.deno !== undefined) return false;
  if (!KNOWN_NODE_MAJORS.has(Number(versions.node.split(".")[0]))) return false;
  return !chosen.test(`${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`);
}
