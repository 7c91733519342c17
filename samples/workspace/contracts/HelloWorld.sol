// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.11;

/// FISCO BCOS's classic first contract.
contract HelloWorld {
    string private name;

    event NameSet(address indexed by, string name);

    constructor(string memory initialName) {
        name = initialName;
    }

    function get() public view returns (string memory) {
        return name;
    }

    function set(string memory n) public {
        name = n;
        emit NameSet(msg.sender, n);
    }
}
