/**
 * A schema property's name as a TypeScript property key: bare when it is an identifier, else
 * quoted. Shared by the two writers of TypeScript from JSON Schema (code mode's declarations,
 * `typemcp openapi`'s classes).
 */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}
