import { z } from 'zod';

/**
 * The largest JSON text a valid input of a schema can be (decision 0050), so a route's body limit follows its fields'
 * limits instead of a number that drifts from them. Worst case, not typical: the schemas count characters (Unicode
 * code points, see characterCount), and the longest JSON spelling of one is a 4-byte character written as two
 * `\uXXXX` escapes, 12 bytes (an encoder such as Python's `json.dumps` escapes every non-ASCII character); every
 * number in its longest form; and room for a pretty-printing encoder's whitespace. What the dashboard sends is far
 * smaller: `JSON.stringify` writes text as UTF-8, at most 4 bytes a character.
 */

/** JSON's longest spelling of one UTF-16 unit, `\uXXXX`. */
const BYTES_PER_UNIT = 6;
/** JSON's longest spelling of one character: two UTF-16 units (a surrogate pair), each escaped. */
export const BYTES_PER_CHARACTER = 2 * BYTES_PER_UNIT;
/** The longest text JSON.stringify gives a double: -1.7976931348623157e+308. */
const NUMBER_BYTES = 24;
/** A newline and indentation before each member or item, as `JSON.stringify(value, null, 2)` writes them. */
const SPACE_BYTES = 16;

interface Node {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  items?: Node | Node[];
  properties?: Record<string, Node>;
  additionalProperties?: Node | boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
  $ref?: string;
}

/** A string of at most `characters` characters, in quotes. */
const stringBytes = (characters: number) => 2 + BYTES_PER_CHARACTER * characters;
/** A known string (a key, an enum value): its own UTF-16 units, each escaped. */
const knownBytes = (text: string) => 2 + BYTES_PER_UNIT * text.length;
const literalBytes = (value: unknown) =>
  typeof value === 'string' ? knownBytes(value) : typeof value === 'number' ? NUMBER_BYTES : 5;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function typeBytes(type: string, node: Node): number {
  switch (type) {
    case 'null':
      return 4;
    case 'boolean':
      return 5;
    case 'number':
    case 'integer':
      return NUMBER_BYTES;
    case 'string':
      return node.maxLength === undefined ? Infinity : stringBytes(node.maxLength);
    case 'array': {
      if (node.maxItems === 0) return 2;
      if (node.maxItems === undefined || node.items === undefined || Array.isArray(node.items)) return Infinity;
      return 2 + node.maxItems * (SPACE_BYTES + nodeBytes(node.items) + 1);
    }
    case 'object': {
      // A record has no fixed members: as many as a client sends. Members a schema does not name are dropped by it,
      // so they are not part of any valid input's size.
      if (typeof node.additionalProperties === 'object') return Infinity;
      const members = Object.entries(node.properties ?? {}).map(
        ([key, value]) => SPACE_BYTES + knownBytes(key) + 1 + nodeBytes(value) + 1,
      );
      return 2 + SPACE_BYTES + sum(members);
    }
    default:
      return Infinity;
  }
}

function nodeBytes(node: Node): number {
  if (node.$ref !== undefined) return Infinity;
  if (node.const !== undefined) return literalBytes(node.const);
  if (node.enum) return Math.max(...node.enum.map(literalBytes));
  const choices = node.anyOf ?? node.oneOf;
  if (choices) return Math.max(...choices.map(nodeBytes));
  if (node.allOf) return Math.min(...node.allOf.map(nodeBytes));
  const types = node.type === undefined ? [] : [node.type].flat();
  // No type at all is any JSON value (z.unknown): no bound.
  return types.length === 0 ? Infinity : Math.max(...types.map((t) => typeBytes(t, node)));
}

/** Bytes of the largest JSON a valid input of `schema` can be sent as; Infinity when a field has no length limit. */
export function maxJsonBytes(schema: z.ZodType): number {
  // The input side: what a client sends (a preprocess step shows as the schema it feeds, defaults as optional).
  return nodeBytes(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node);
}
