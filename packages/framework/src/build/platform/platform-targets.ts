import path from "node:path";

/** The platforms `typemcp build --target` writes an entry for, besides Node's (the default bundle). */
export const PLATFORM_TARGETS = ["workers", "deno", "bun", "vercel"] as const;
export type PlatformTarget = (typeof PLATFORM_TARGETS)[number];

/** The file a platform's entry is written to: `dist/server.js` → `dist/server.workers.js`. */
export function platformFileOf(entry: string, target: PlatformTarget): string {
  return `${entry.slice(0, entry.length - path.extname(entry).length)}.${target}.js`;
}
