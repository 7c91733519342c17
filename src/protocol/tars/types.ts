// TARS wire type ids (TarsCpp servant/tup/Tars.h) and the head-byte layout shared by reader and writer.

export const TarsType = {
  Int1: 0,
  Int2: 1,
  Int4: 2,
  Int8: 3,
  Float: 4,
  Double: 5,
  String1: 6,
  String4: 7,
  Map: 8,
  List: 9,
  StructBegin: 10,
  StructEnd: 11,
  Zero: 12,
  SimpleList: 13,
} as const;
export type TarsType = (typeof TarsType)[keyof typeof TarsType];

const NAMES = [
  'int1',
  'int2',
  'int4',
  'int8',
  'float',
  'double',
  'string1',
  'string4',
  'map',
  'list',
  'struct-begin',
  'struct-end',
  'zero',
  'simple-list',
];

export function tarsTypeName(type: number): string {
  return NAMES[type] ?? `unknown type ${type}`;
}

/** TarsCpp refuses strings and byte vectors above 100 MB. */
export const TARS_MAX_STRING_LENGTH = 100 * 1024 * 1024;

export class TarsDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarsDecodeError';
  }
}

/** Runs a decoder, prefixing any TarsDecodeError with the struct being decoded. */
export function decodeWithContext<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof TarsDecodeError) throw new TarsDecodeError(`cannot decode ${what}: ${e.message}`);
    throw e;
  }
}
