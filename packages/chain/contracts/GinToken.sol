// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title GinToken
/// @notice LOCAL AND TEST CHAINS ONLY: a Gin stand-in (18 decimals); the owner mints to demo wallets.
contract GinToken is ERC20, Ownable {
    constructor(address owner_) ERC20("Gin", "GIN") Ownable(owner_) {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
