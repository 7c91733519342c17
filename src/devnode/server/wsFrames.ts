// Moved to src/protocol/ws/frames.ts (shared with the SDK's WebSocket client); kept for importers.
export * from '../../protocol/ws/frames';
