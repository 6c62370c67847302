import { describe, expect, test } from "vitest";
import { watchBody } from "./watch-body.js";

function streamed(...chunks: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      },
    }),
    { status: 200, headers: { "content-type": "text/event-stream" } },
  );
}

describe("watchBody", () => {
  test("passes every chunk on and reports the end once, when the body is read to it", async () => {
    const seen: string[] = [];
    let done = 0;
    const complete = new Response("whole answer");
    const { response } = watchBody(complete, { onChunk: (c) => void seen.push(new TextDecoder().decode(c)), onDone: () => done++ });
    expect(await response.text()).toBe("whole answer");
    expect(seen).toEqual(["whole answer"]);
    expect(done).toBe(1);
  });

  test("reports the end when the reader cancels (the client left), and stop() ends an open stream", async () => {
    let done = 0;
    const cancelled = watchBody(streamed("data: 1\n\n"), { onDone: () => done++ });
    const reader = cancelled.response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(done).toBe(1);

    const stopped = watchBody(streamed("data: 1\n\n"), { onDone: () => done++ });
    const open = stopped.response.body!.getReader();
    expect(new TextDecoder().decode((await open.read()).value)).toBe("data: 1\n\n");
    stopped.stop();
    expect((await open.read()).done).toBe(true);
    expect(done).toBe(2);
    expect(stopped.response.headers.get("content-type")).toBe("text/event-stream");
  });

  test("reports a body-less answer (202) as done without wrapping it", async () => {
    let done = 0;
    const accepted = new Response(null, { status: 202 });
    expect(watchBody(accepted, { onDone: () => done++ }).response).toBe(accepted);
    await Promise.resolve();
    expect(done).toBe(1);
  });
});
