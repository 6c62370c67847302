/** The SSE events of a response body that carry a message: each `id` with the JSON-RPC message it carried (a priming event has none). */
export function sseEvents(text: string): Array<{ id: string; message: Record<string, any> }> {
  const events: Array<{ id: string; message: Record<string, any> }> = [];
  for (const block of text.split("\n\n")) {
    const id = /^id: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (id !== undefined && data) events.push({ id, message: JSON.parse(data) });
  }
  return events;
}
