// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.11;

import "../contracts/Counter.sol";

/// Tests for Counter, run from the Testing view (FISCO BCOS tests): each `test…` function is sent
/// as a transaction to the active connection (the local node by default) after `setUp()` ran on a
/// fresh deployment. A revert fails the test with its reason.
contract CounterTest {
    Counter counter;

    function setUp() public {
        counter = new Counter("demo", 1);
    }

    function testStartsWithTheConstructorValues() public view {
        require(counter.count() == 1, "count should start at 1");
        require(keccak256(bytes(counter.label())) == keccak256(bytes("demo")), "label should be demo");
    }

    function testIncrementAddsTheAmount() public {
        uint256 result = counter.increment(41);
        require(result == 42, "increment should return the new count");
        require(counter.count() == 42, "count should be 42");
    }

    function testSetLabelChangesTheLabel() public {
        counter.setLabel("renamed");
        require(keccak256(bytes(counter.label())) == keccak256(bytes("renamed")), "label should be renamed");
    }

    function testTheTestContractOwnsTheCounter() public view {
        require(counter.owner() == address(this), "the deploying contract should be the owner");
    }
}
