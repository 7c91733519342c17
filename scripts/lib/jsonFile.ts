// Reading small JSON files the scripts depend on (package.json, settings.json) with checked fields.

import fs from 'node:fs';
import { isRecord } from '../../src/protocol/unknownValues';

/** The file's top-level JSON object; throws, naming the file, for anything else. */
export function readJsonObject(file: string): Record<string, unknown> {
  const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isRecord(value)) throw new Error(`${file}: expected a JSON object`);
  return value;
}

/** A string field of a JSON object; throws, naming the file and field, when it is not one. */
export function stringField(o: Record<string, unknown>, key: string, file: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new Error(`${file}: "${key}" is not a string`);
  return v;
}
