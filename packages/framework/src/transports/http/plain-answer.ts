/**
 * An HTTP answer whose body is already whole, kept as plain data: the Node listener writes it
 * with one `res.end`, and only a web-standard caller pays for a `Response`. A body of megabytes
 * may come as parts instead (see `messageParts`), made as they are written.
 */
export interface PlainAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Record<string, string>;
  readonly body: string | BodyParts;
  /** The UTF-8 length of `body`, when it is known without reading the body again. */
  readonly bytes?: number;
}

/** A body as parts whose concatenation is the whole, each made only when it is to be written. */
export interface BodyParts {
  readonly parts: Iterable<string>;
}

/** Whether `answer` is a {@link PlainAnswer} rather than a `Response`. */
export function isPlainAnswer(answer: Response | PlainAnswer): answer is PlainAnswer {
  return !(answer instanceof Response);
}

/** `answer` as a web-standard `Response`. */
export function toResponse(answer: Response | PlainAnswer): Response {
  if (!isPlainAnswer(answer)) return answer;
  const body = typeof answer.body === "string" ? answer.body : partsStream(answer.body.parts);
  return new Response(body, { status: answer.status, headers: answer.headers });
}

// Each part made when the reader asks for more: a slow reader holds one part, not the whole body.
function partsStream(parts: Iterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = parts[Symbol.iterator]();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel() {
      iterator.return?.();
    },
  });
}
