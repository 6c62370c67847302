import path from "node:path";
import { installFromNpm } from "./runtimes.js";

/** The deno binary code mode's tests run programs in: deno@2.9.6 from npm, installed once per machine. */
export function installDeno(): string {
  return path.join(installFromNpm(["deno@2.9.6"]), "node_modules", ".bin", "deno");
}
