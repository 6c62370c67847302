import { tool, ToolError } from "typemcp";

/** Exact arithmetic on IEEE-754 double-precision numbers, one operation per tool. */
export class Calculator {
  /**
   * Add two numbers and return their sum.
   * @param a The first addend.
   * @param b The second addend.
   */
  @tool({ annotations: { readOnlyHint: true, idempotentHint: true } })
  add(a: number, b: number): number {
    return finite(a + b, `${a} + ${b}`);
  }

  /**
   * Subtract b from a and return the difference (a − b).
   * @param a The number to subtract from (minuend).
   * @param b The number to subtract (subtrahend).
   */
  @tool({ annotations: { readOnlyHint: true, idempotentHint: true } })
  subtract(a: number, b: number): number {
    return finite(a - b, `${a} − ${b}`);
  }

  /**
   * Multiply two numbers and return their product.
   * @param a The first factor.
   * @param b The second factor.
   */
  @tool({ annotations: { readOnlyHint: true, idempotentHint: true } })
  multiply(a: number, b: number): number {
    return finite(a * b, `${a} × ${b}`);
  }

  /**
   * Divide a by b and return the quotient (a ÷ b). Fails when b is zero.
   * @param a The dividend: the number to be divided.
   * @param b The divisor; must not be zero.
   */
  @tool({ annotations: { readOnlyHint: true, idempotentHint: true } })
  divide(a: number, b: number): number {
    if (b === 0) throw new ToolError("Cannot divide by zero: b must be a non-zero number.");
    return finite(a / b, `${a} ÷ ${b}`);
  }

  /**
   * Raise base to the power exponent (base^exponent). Fractional exponents take roots;
   * results too large to represent are reported as an error rather than Infinity.
   * @param base The number to raise.
   * @param exponent The power to raise it to; may be negative or fractional.
   */
  @tool({ annotations: { readOnlyHint: true, idempotentHint: true } })
  power(base: number, exponent: number): number {
    const result = base ** exponent;
    if (Number.isNaN(result)) {
      throw new ToolError(`${base}^${exponent} is not a real number: a negative base needs an integer exponent.`);
    }
    return finite(result, `${base}^${exponent}`);
  }

  /**
   * Return the square root of x. Fails when x is negative, since the result would not be real.
   * @param x The number to take the square root of; must be zero or greater.
   */
  @tool({ annotations: { readOnlyHint: true, idempotentHint: true } })
  sqrt(x: number): number {
    if (x < 0) throw new ToolError(`Cannot take the square root of a negative number (${x}): x must be zero or greater.`);
    return Math.sqrt(x);
  }
}

// Doubles overflow to ±Infinity, which JSON cannot carry: say so in words a model can act on.
function finite(result: number, expression: string): number {
  if (Number.isFinite(result)) return result;
  throw new ToolError(`The result of ${expression} is too large to represent as a number (beyond ±${Number.MAX_VALUE}); use smaller inputs.`);
}
