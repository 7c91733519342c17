// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.11;

/// A counter to try the FISCO BCOS extension with: deploy it with a label and a start value
/// (the CodeLens above the contract), link it into BFS, call `increment`, and read the event.
contract Counter {
    string public label;
    uint256 public count;
    address public owner;

    event Incremented(address indexed by, uint256 amount, uint256 newCount);
    event LabelChanged(string oldLabel, string newLabel);

    constructor(string memory initialLabel, uint256 start) {
        label = initialLabel;
        count = start;
        owner = msg.sender;
    }

    function increment(uint256 amount) public returns (uint256) {
        require(amount > 0, "amount must be positive");
        count += amount;
        emit Incremented(msg.sender, amount, count);
        return count;
    }

    function setLabel(string memory newLabel) public {
        emit LabelChanged(label, newLabel);
        label = newLabel;
    }
}
