#!/usr/bin/env node
// The server of `node bench/scaling.mjs`'s large-payload rows: a text result and a text argument
// of any size, so what a 10 MB answer or argument costs the server can be measured beside a bare
// JSON.stringify and write of the same bytes.
import { serve, tool } from "typemcp";

class BigResults {
  private readonly made = new Map<number, string>();

  /**
   * A text of `megabytes` MB (made once per size, so a call measures sending it, not making it).
   * @param megabytes How big, in MB (1,000,000 characters each).
   */
  @tool()
  text(megabytes: number): string {
    let text = this.made.get(megabytes);
    if (text === undefined) {
      text = "x".repeat(Math.round(megabytes * 1_000_000));
      this.made.set(megabytes, text);
    }
    return text;
  }

  /**
   * How long `text` is.
   * @param text Any text.
   */
  @tool()
  measure(text: string): number {
    return text.length;
  }
}

await serve(new BigResults(), { name: "big-results", version: "1.0.0" });
