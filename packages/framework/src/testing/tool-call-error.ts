/** Thrown by `TestClient.call` when a tool answers with an error result; `message` is what a model reads. */
export class ToolCallError extends Error {
  override readonly name = "ToolCallError";

  constructor(
    /** The tool that failed. */
    readonly tool: string,
    /** The error result's text. */
    readonly text: string,
  ) {
    super(`Tool "${tool}" failed: ${text}`);
  }
}
