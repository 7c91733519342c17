// Argument handling the call form shares with the host: the page checks and previews arguments
// with exactly the rules the host encodes them with. Pure code (no vscode, no node); the host's
// own modules keep using src/extension/models directly.

export { coerceArgs, exampleFor } from '../models/abiArgs';
export { paramLabel, paramProblem, parseRawParam, rawTextOf } from '../models/paramInput';
