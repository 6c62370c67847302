import { type County, COUNTIES, isCounty } from "./county.js";

/** Why a CSV cell cannot be read as its column's type: says what was expected. */
export class CellError extends Error {
  override readonly name = "CellError";
}

/** Reads one CSV cell into a typed value, or throws a `CellError` saying what was expected. */
export type CellParser<T> = (raw: string) => T;

/** Non-empty text, trimmed. */
export const text: CellParser<string> = (raw) => {
  const value = raw.trim();
  if (!value) throw new CellError("expected text");
  return value;
};

/** A whole number of zero or more, written with digits only. */
export const wholeNumber: CellParser<number> = (raw) => {
  if (!/^\d+$/.test(raw.trim())) throw new CellError("expected a whole number (digits only)");
  return Number(raw);
};

/** A decimal number between `min` and `max` inclusive. */
export function decimal(min: number, max: number): CellParser<number> {
  return (raw) => {
    const trimmed = raw.trim();
    const value = Number(trimmed);
    if (!/^-?\d+(\.\d+)?$/.test(trimmed) || value < min || value > max) {
      throw new CellError(`expected a decimal number from ${min} to ${max}`);
    }
    return value;
  };
}

/** A whole-number rating from 1 to 10. */
export const rating: CellParser<number> = (raw) => {
  const value = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= 10)) throw new CellError("expected a whole-number rating from 1 to 10");
  return value;
};

/** One of the fourteen Massachusetts county names, without the word "County". */
export const county: CellParser<County> = (raw) => {
  const value = raw.trim();
  if (!isCounty(value)) throw new CellError(`expected a Massachusetts county name (${COUNTIES.join(", ")})`);
  return value;
};

/** A 10-digit Census county-subdivision GEOID in Massachusetts (state code 25). */
export const geoid: CellParser<string> = (raw) => {
  const value = raw.trim();
  if (!/^25\d{8}$/.test(value)) throw new CellError("expected a 10-digit Massachusetts GEOID starting with 25");
  return value;
};

/** `parse`, except that an empty cell is `null`: the source published no value. */
export function optional<T>(parse: CellParser<T>): CellParser<T | null> {
  return (raw) => {
    if (raw.trim() === "") return null;
    try {
      return parse(raw);
    } catch (error) {
      if (error instanceof CellError) throw new CellError(`${error.message}, or an empty cell`);
      throw error;
    }
  };
}
