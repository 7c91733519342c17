// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.11;

import "./Counter.sol";

/// Calls a Counter from another contract: debug a `bump` transaction (Debug Transaction on its
/// page) and step into `Counter.increment` to see both contracts on the call stack.
contract CounterClient {
    uint256 public bumps;

    function bump(Counter counter, uint256 amount) public returns (uint256) {
        bumps += 1;
        return counter.increment(amount);
    }
}
