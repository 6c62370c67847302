import { defineConfig } from "vitest/config";
import typemcp from "typemcp/vite";

// typemcp/vite compiles the tools' source as typemcp build does, so tests run the TypeScript
// with the same schemas a host will see.
export default defineConfig({ plugins: [typemcp()] });
