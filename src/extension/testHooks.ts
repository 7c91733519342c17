// Switches the extension-host test suite flips through the extension's exported API, so modal
// confirmations do not block a headless run. Never set by the extension itself.
export const testHooks = {
  /** Treat transaction confirmations as accepted. */
  autoConfirm: false,
};
