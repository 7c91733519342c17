// The SDK channel's message, framed as bcos-boostssl WsMessage inside WebSocket binary frames:
// version u16 | type u16 | status i16 | seqLength u16 | seq | ext u16 | payload, big-endian
// (reference/protocol.md §1.4). Message types of the RPC and event-subscription services.

export const MSG_HANDSHAKE = 0x100;
export const MSG_BLOCK_NOTIFY = 0x101;
export const MSG_RPC_REQUEST = 0x102;
export const MSG_GROUP_NOTIFY = 0x103;
/** bcos-rpc event/EventSub.cpp and bcos-cpp-sdk event/Common.h MessageType. */
export const MSG_EVENT_SUBSCRIBE = 0x120;
export const MSG_EVENT_UNSUBSCRIBE = 0x121;
export const MSG_EVENT_LOG_PUSH = 0x122;

export interface BcosMessage {
  version: number;
  type: number;
  status: number;
  seq: Buffer;
  ext: number;
  payload: Buffer;
}

export function encodeMessage(m: BcosMessage): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16BE(m.version, 0);
  head.writeUInt16BE(m.type, 2);
  head.writeInt16BE(m.status, 4);
  head.writeUInt16BE(m.seq.length, 6);
  const ext = Buffer.alloc(2);
  ext.writeUInt16BE(m.ext, 0);
  return Buffer.concat([head, m.seq, ext, m.payload]);
}

/** undefined when the buffer is shorter than its own header says (WsMessage::decode fails). */
export function decodeMessage(b: Buffer): BcosMessage | undefined {
  if (b.length < 10) return undefined;
  const seqLength = b.readUInt16BE(6);
  if (8 + seqLength + 2 > b.length) return undefined;
  return {
    version: b.readUInt16BE(0),
    type: b.readUInt16BE(2),
    status: b.readInt16BE(4),
    seq: b.subarray(8, 8 + seqLength),
    ext: b.readUInt16BE(8 + seqLength),
    payload: b.subarray(10 + seqLength),
  };
}
