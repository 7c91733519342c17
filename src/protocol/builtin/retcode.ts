// Precompiled return codes (node precompiled/common/Common.h) with the Java SDK's
// PrecompiledRetCode messages, which is what clients and the console print (precompiled.md §0.4).

export interface RetCode {
  code: number;
  msg: string;
}

export const CODE_SUCCESS = 0;
export const CODE_UNKNOWN_FAILED = -1;
export const CODE_NO_AUTHORIZED = -50000;
export const CODE_TABLE_NAME_ALREADY_EXIST = -50001;
export const CODE_TABLE_NAME_LENGTH_OVERFLOW = -50002;
export const CODE_TABLE_FIELD_LENGTH_OVERFLOW = -50003;
export const CODE_TABLE_FIELD_TOTAL_LENGTH_OVERFLOW = -50004;
export const CODE_TABLE_KEY_VALUE_LENGTH_OVERFLOW = -50005;
export const CODE_TABLE_FIELD_VALUE_LENGTH_OVERFLOW = -50006;
export const CODE_TABLE_DUPLICATE_FIELD = -50007;
export const CODE_TABLE_INVALIDATE_FIELD = -50008;
export const CODE_TABLE_NOT_EXIST = -50100;
export const CODE_UNKNOWN_FUNCTION_CALL = -50101;
export const CODE_ADDRESS_INVALID = -50102;
export const CODE_TABLE_SET_ROW_ERROR = -50103;
export const CODE_TABLE_CREATE_ERROR = -50104;
export const CODE_TABLE_OPEN_ERROR = -50105;
export const CODE_SENDER_ERROR = -50106;
export const CODE_TABLE_AGENT_ROW_NOT_EXIST = -51000;
export const CODE_TABLE_AUTH_ROW_NOT_EXIST = -51001;
export const CODE_TABLE_AUTH_TYPE_NOT_EXIST = -51002;
export const CODE_TABLE_ERROR_AUTH_TYPE = -51003;
export const CODE_TABLE_AUTH_TYPE_DECODE_ERROR = -51004;
export const CODE_INVALID_NODE_ID = -51100;
export const CODE_LAST_SEALER = -51101;
export const CODE_INVALID_WEIGHT = -51102;
export const CODE_NODE_NOT_EXIST = -51103;
export const CODE_ADD_SEALER_SHOULD_IN_OBSERVER = -51104;
export const CODE_VERSION_LENGTH_OVERFLOW = -51201;
export const CODE_ADDRESS_OR_VERSION_ERROR = -51202;
export const CODE_INVALID_CONFIGURATION_VALUES = -51300;
export const CODE_PARSE_ENTRY_ERROR = -51500;
export const CODE_PARSE_CONDITION_ERROR = -51501;
export const CODE_CONDITION_OPERATION_UNDEFINED = -51502;
export const CODE_INVALID_UPDATE_TABLE_KEY = -51503;
export const CODE_KEY_NOT_EXIST_IN_ENTRY = -51504;
export const CODE_KEY_NOT_EXIST_IN_COND = -51505;
export const CODE_INSERT_KEY_EXIST = -51506;
export const CODE_UPDATE_KEY_NOT_EXIST = -51507;
export const CODE_REMOVE_KEY_NOT_EXIST = -51508;
export const CODE_INVALID_CIPHERS = -51600;
export const CODE_VERIFY_GROUP_SIG_FAILED = -51700;
export const CODE_VERIFY_RING_SIG_FAILED = -51800;
export const CODE_ACCOUNT_ALREADY_EXIST = -51900;
export const CODE_FILE_NOT_EXIST = -53001;
export const CODE_FILE_ALREADY_EXIST = -53002;
export const CODE_FILE_BUILD_DIR_FAILED = -53003;
export const CODE_FILE_SET_WASM_FAILED = -53004;
export const CODE_FILE_INVALID_PATH = -53005;
export const CODE_FILE_INVALID_TYPE = -53006;
export const CODE_FILE_COUNT_ERROR = -53007;

// SDK limits quoted inside messages (PrecompiledConstant).
const USER_TABLE_NAME_MAX_LENGTH = 48;
const TABLE_FIELD_NAME_MAX_LENGTH = 64;
const TABLE_VALUE_FIELD_MAX_LENGTH = 1024;
const TABLE_KEY_VALUE_MAX_LENGTH = 255;

export const RET_CODE_MESSAGES: ReadonlyMap<number, string> = new Map([
  [CODE_SUCCESS, 'Success'],
  [CODE_UNKNOWN_FAILED, 'Unknown failed'],
  [CODE_NO_AUTHORIZED, 'Permission denied'],
  [CODE_TABLE_NAME_ALREADY_EXIST, 'The table already exist'],
  [CODE_TABLE_NAME_LENGTH_OVERFLOW, `The table name length exceeds the limit ${USER_TABLE_NAME_MAX_LENGTH}`],
  [CODE_TABLE_FIELD_LENGTH_OVERFLOW, `The table field name exceeds the limit ${TABLE_FIELD_NAME_MAX_LENGTH}`],
  [
    CODE_TABLE_FIELD_TOTAL_LENGTH_OVERFLOW,
    `The length of all the fields name exceeds the limit ${TABLE_VALUE_FIELD_MAX_LENGTH}`,
  ],
  [
    CODE_TABLE_KEY_VALUE_LENGTH_OVERFLOW,
    `The value exceeds the limit, key max length is ${TABLE_KEY_VALUE_MAX_LENGTH}, field value max length is ${TABLE_VALUE_FIELD_MAX_LENGTH}`,
  ],
  [
    CODE_TABLE_FIELD_VALUE_LENGTH_OVERFLOW,
    `The field value exceeds the limit ${TABLE_VALUE_FIELD_MAX_LENGTH}`,
  ],
  [CODE_TABLE_DUPLICATE_FIELD, 'The table contains duplicated field'],
  [CODE_TABLE_INVALIDATE_FIELD, 'Invalid table name or field name'],
  [CODE_TABLE_NOT_EXIST, 'Open table failed, please check the existence of the table'],
  [CODE_UNKNOWN_FUNCTION_CALL, 'Undefined function'],
  [CODE_ADDRESS_INVALID, 'Invalid address format'],
  [CODE_TABLE_SET_ROW_ERROR, 'Table set row error'],
  [CODE_TABLE_CREATE_ERROR, 'Create table error'],
  [CODE_TABLE_OPEN_ERROR, 'Open table error'],
  [CODE_TABLE_AGENT_ROW_NOT_EXIST, 'The contract admin not exist'],
  [CODE_TABLE_AUTH_ROW_NOT_EXIST, 'The contract method auth not exist'],
  [
    CODE_TABLE_AUTH_TYPE_NOT_EXIST,
    'The contract method auth type not set, please set method auth type first.',
  ],
  [CODE_TABLE_ERROR_AUTH_TYPE, 'Error auth type input.'],
  [CODE_TABLE_AUTH_TYPE_DECODE_ERROR, 'Auth map decode error.'],
  [CODE_INVALID_NODE_ID, 'Invalid node ID'],
  [CODE_LAST_SEALER, 'The last sealer cannot be removed'],
  [CODE_INVALID_WEIGHT, 'The weight is invalid'],
  [CODE_NODE_NOT_EXIST, 'The node is not exist'],
  [CODE_ADD_SEALER_SHOULD_IN_OBSERVER, 'Only observer can be set in sealer'],
  [CODE_VERSION_LENGTH_OVERFLOW, 'The version string length exceeds the maximum limit'],
  [CODE_ADDRESS_OR_VERSION_ERROR, 'The contract address or version is invalid'],
  [CODE_INVALID_CONFIGURATION_VALUES, 'Invalid configuration value'],
  [CODE_PARSE_ENTRY_ERROR, 'Parse the input of the Entry Precompiled failed'],
  [CODE_PARSE_CONDITION_ERROR, 'Parse the input of Condition Precompiled failed'],
  [CODE_CONDITION_OPERATION_UNDEFINED, 'Undefined function of Condition Precompiled'],
  [CODE_INVALID_UPDATE_TABLE_KEY, "Don't update the table key"],
  [CODE_KEY_NOT_EXIST_IN_ENTRY, 'Add specific table key in entry'],
  [CODE_KEY_NOT_EXIST_IN_COND, 'Add specific table key EQ syntax in condition'],
  [CODE_INSERT_KEY_EXIST, "Don't insert the key already existed"],
  [CODE_UPDATE_KEY_NOT_EXIST, 'Key not exist in table, use insert method'],
  [CODE_REMOVE_KEY_NOT_EXIST, 'Key not exist in table, please check again'],
  [CODE_INVALID_CIPHERS, 'Execute PaillierAdd failed'],
  [CODE_VERIFY_GROUP_SIG_FAILED, 'Verify group signature failed'],
  [CODE_VERIFY_RING_SIG_FAILED, 'Verify ring signature failed'],
  [CODE_ACCOUNT_ALREADY_EXIST, 'The account is not a valid account'],
  [CODE_FILE_NOT_EXIST, 'Path of file not exist'],
  [CODE_FILE_ALREADY_EXIST, 'File already existed'],
  [CODE_FILE_BUILD_DIR_FAILED, 'Make directory failed'],
  [CODE_FILE_SET_WASM_FAILED, 'Deploy WASM contract failed'],
  [CODE_FILE_INVALID_PATH, 'Invalid path'],
  [CODE_FILE_INVALID_TYPE, 'Invalid file type'],
  [CODE_FILE_COUNT_ERROR, 'File count error'],
]);

/**
 * RetCode for a decoded return value, as the SDK's PrecompiledRetCode.getPrecompiledResponse does:
 * a known code gets its message; anything else (e.g. KV set → 1, rows affected) gets `fallback`.
 */
export function retCodeOf(code: number, fallback = ''): RetCode {
  const msg = RET_CODE_MESSAGES.get(code);
  return { code, msg: msg ?? (code >= 0 && fallback === '' ? 'Success' : fallback) };
}

// Client-side check messages of the SDK (PrecompiledRetCode string constants).
export const MUST_EXIST_IN_NODE_LIST = 'The operated node must be in the list returned by getGroupPeers';
export const ALREADY_EXISTS_IN_SEALER_LIST = 'The node already exists in the sealerList';
export const ALREADY_EXISTS_IN_OBSERVER_LIST = 'The node already exists in the observerList';
export const ALREADY_REMOVED_FROM_THE_GROUP = 'The node already has been removed from the group';
export const OVER_TABLE_KEY_LENGTH_LIMIT = `The length of the table key exceeds the maximum limit ${TABLE_KEY_VALUE_MAX_LENGTH}`;
