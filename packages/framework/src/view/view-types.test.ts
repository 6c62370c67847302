import { describe, expectTypeOf, test } from "vitest";
import type { ViewParameters, ViewResult, WireForm } from "./view-types.js";

class Point {
  #raw = 0;
  private cache = "";
  constructor(
    public x: number,
    public y: number,
  ) {}
  norm(): number {
    return Math.hypot(this.x, this.y) + this.#raw + this.cache.length;
  }
}

interface Notes {
  listNotes(
    since: Date,
    tags?: Set<string>,
  ): Promise<{ due: Date; tags: Set<string>; at: Point; site: URL; counts: Map<string, number>; id: bigint extends never ? never : string }>;
}

// Checked by the type checker (`pnpm run typecheck`): a view's types say what arrives on the wire.
describe("WireForm", () => {
  test("types what a view receives as the wire form of the method's result", () => {
    type Received = ViewResult<Notes["listNotes"]>;
    expectTypeOf<Received>().toEqualTypeOf<{
      due: string;
      tags: string[];
      at: { x: number; y: number };
      site: string;
      counts: Record<string, number>;
      id: string;
    }>();
    // Only type-checked, never run: each line must fail to compile.
    const _reads = (received: Received) => [
      // @ts-expect-error A Date arrives as its ISO text: there is no toLocaleDateString on it.
      received.due.toLocaleDateString,
      // @ts-expect-error A class instance arrives as its data: its methods are not there.
      received.at.norm,
    ];
    expectTypeOf(_reads).toBeFunction();
  });

  test("types the arguments a view passes and receives in wire form too", () => {
    expectTypeOf<ViewParameters<Notes["listNotes"]>>().toEqualTypeOf<[since: string, tags?: string[] | undefined]>();
    expectTypeOf<WireForm<Date | null>>().toEqualTypeOf<string | null>();
    expectTypeOf<WireForm<Uint8Array[]>>().toEqualTypeOf<string[]>();
  });
});
