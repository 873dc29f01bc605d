// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title TestUSDC
/// @notice LOCAL AND TEST CHAINS ONLY: a USDC stand-in with 6 decimals and an open faucet.
///         Real chains use the configured USDC address; this contract is never deployed there.
contract TestUSDC is ERC20 {
    constructor() ERC20("Test USD Coin", "USDC") {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Open faucet: anyone mints any amount (test chains only).
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
