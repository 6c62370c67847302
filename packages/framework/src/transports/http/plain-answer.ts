/**
 * An HTTP answer whose body is already whole, kept as plain data: the Node listener writes it
 * with one `res.end`, and only a web-standard caller pays for a `Response`.
 */
export interface PlainAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Record<string, string>;
  readonly body: string;
  /** The UTF-8 length of `body`, when it is known without reading the body again. */
  readonly bytes?: number;
}

/** Whether `answer` is a {@link PlainAnswer} rather than a `Response`. */
export function isPlainAnswer(answer: Response | PlainAnswer): answer is PlainAnswer {
  return !(answer instanceof Response);
}

/** `answer` as a web-standard `Response`. */
export function toResponse(answer: Response | PlainAnswer): Response {
  return isPlainAnswer(answer) ? new Response(answer.body, { status: answer.status, headers: answer.headers }) : answer;
}
