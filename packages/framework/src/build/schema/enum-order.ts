import ts from "./typescript.cjs";

type Literal = string | number | boolean;

/**
 * Remembers the order in which the author wrote each literal union (`"low" | "mid" | "high"`),
 * so an `enum` can list its values that way. typescript-json-schema sorts them, and the checker
 * cannot help: it interns a union by member identity, so `"b" | "a"` and `"a" | "b"` are one type.
 * Orders are keyed by the set of values; a set written twice in different orders takes the order
 * of the declaration read last, which is the one being converted.
 */
export class EnumOrder {
  private readonly orders = new Map<string, Literal[]>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /** Reads the literal unions in the type annotations of `symbol`'s declarations. */
  learnFromSymbol(symbol: ts.Symbol | undefined): void {
    for (const declaration of symbol?.declarations ?? []) {
      const typeNode = (declaration as { type?: ts.Node }).type;
      if (typeNode && ts.isTypeNode(typeNode)) this.learn(typeNode);
    }
  }

  /** Reads the literal unions written in `node` and in the type aliases it names. */
  learn(node: ts.TypeNode, seen = new Set<ts.Node>()): void {
    if (seen.has(node)) return;
    seen.add(node);
    if (ts.isUnionTypeNode(node)) {
      const values = this.literalsOf(node, new Set());
      if (values.length > 1) this.orders.set(keyOf(values), values);
    }
    if (ts.isTypeReferenceNode(node)) {
      const alias = this.aliasDeclaration(node);
      if (alias) this.learn(alias.type, seen);
      this.learnEnum(node);
      this.learnCasing(node);
    }
    if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.KeyOfKeyword) {
      // `keyof typeof X`: the keys in the order X declares them.
      const keys = this.checker.getPropertiesOfType(this.checker.getTypeFromTypeNode(node.type)).map((p) => p.getName());
      if (keys.length > 1) this.orders.set(keyOf(keys), keys);
    }
    if (ts.isIndexedAccessTypeNode(node)) {
      // `(typeof X)[number]`, `(typeof X)[keyof typeof X]`: the values in the order X declares them.
      const values = this.indexedLiterals(node);
      if (values.length > 1) this.orders.set(keyOf(values), values);
    }
    ts.forEachChild(node, (child) => {
      if (ts.isTypeNode(child)) this.learn(child, seen);
    });
  }

  /**
   * `values` in the order the author wrote them, when they were seen; else in the order of the
   * smallest union seen that holds them all (`Exclude<State, "deleted">` keeps `State`'s order);
   * else as given.
   */
  order(values: readonly unknown[]): unknown[] {
    const exact = this.orders.get(keyOf(values));
    if (exact) return [...exact];
    const wanted = new Set(values);
    let best: Literal[] | undefined;
    for (const order of this.orders.values()) {
      if (order.length > wanted.size && (!best || order.length < best.length) && values.every((v) => order.includes(v as Literal))) best = order;
    }
    return best ? best.filter((v) => wanted.has(v)) : [...values];
  }

  // `enum Level { Warn = "warn", Error = "error" }`: the members in the order they are declared,
  // which typescript-json-schema keeps for `Level` itself but sorts for `Level | undefined`.
  private learnEnum(node: ts.TypeReferenceNode): void {
    let symbol = this.checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.find(ts.isEnumDeclaration);
    if (!declaration) return;
    const values = declaration.members.map((member) => this.checker.getConstantValue(member)).filter((v): v is string | number => v !== undefined);
    if (values.length > 1) this.orders.set(keyOf(values), values);
  }

  // `Uppercase<"get" | "post">` is `"GET" | "POST"`, in the order of the union it maps.
  private learnCasing(node: ts.TypeReferenceNode): void {
    const casing = CASINGS.get(node.typeName.getText());
    const [argument] = node.typeArguments ?? [];
    if (!casing || !argument || node.typeArguments?.length !== 1) return;
    const values = unique(this.literalsOf(argument, new Set()).map((v) => (typeof v === "string" ? casing(v) : v)));
    if (values.length > 1) this.orders.set(keyOf(values), values);
  }

  private literalsOf(node: ts.TypeNode, seen: Set<ts.Node>): Literal[] {
    if (seen.has(node)) return [];
    seen.add(node);
    if (ts.isParenthesizedTypeNode(node)) return this.literalsOf(node.type, seen);
    if (ts.isUnionTypeNode(node)) return unique(node.types.flatMap((member) => this.literalsOf(member, seen)));
    if (ts.isTypeReferenceNode(node)) {
      const alias = this.aliasDeclaration(node);
      if (alias) return this.literalsOf(alias.type, seen);
    }
    // Literals, enum members and anything else the checker can reduce to literals.
    const type = this.checker.getTypeFromTypeNode(node);
    return literalsOfType(type);
  }

  // The literals an indexed access picks, ordered as the object's elements or properties are:
  // the checker cannot say which order it picked them in, but the object it reads can.
  private indexedLiterals(node: ts.IndexedAccessTypeNode): Literal[] {
    const picked = new Set(literalsOfType(this.checker.getTypeFromTypeNode(node)));
    const object = this.checker.getTypeFromTypeNode(node.objectType);
    const parts = this.checker.isTupleType(object)
      ? this.checker.getTypeArguments(object as ts.TypeReference)
      : this.checker.getPropertiesOfType(object).map((p) => this.checker.getTypeOfSymbol(p));
    const ordered = unique(parts.flatMap(literalsOfType)).filter((value) => picked.has(value));
    return ordered.length === picked.size ? ordered : [];
  }

  private aliasDeclaration(node: ts.TypeReferenceNode): ts.TypeAliasDeclaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    return declaration && ts.isTypeAliasDeclaration(declaration) && !declaration.typeParameters ? declaration : undefined;
  }
}

const CASINGS = new Map<string, (text: string) => string>([
  ["Uppercase", (text) => text.toUpperCase()],
  ["Lowercase", (text) => text.toLowerCase()],
  ["Capitalize", (text) => text.charAt(0).toUpperCase() + text.slice(1)],
  ["Uncapitalize", (text) => text.charAt(0).toLowerCase() + text.slice(1)],
]);

function literalsOfType(type: ts.Type): Literal[] {
  return (type.isUnion() ? type.types : [type]).flatMap(literalOf);
}

function literalOf(type: ts.Type): Literal[] {
  if (type.isStringLiteral() || type.isNumberLiteral()) return [type.value];
  if (type.flags & ts.TypeFlags.BooleanLiteral) return [(type as { intrinsicName?: string }).intrinsicName === "true"];
  return [];
}

function unique(values: Literal[]): Literal[] {
  return [...new Set(values)];
}

function keyOf(values: readonly unknown[]): string {
  return JSON.stringify(values.map((v) => JSON.stringify(v)).sort());
}
