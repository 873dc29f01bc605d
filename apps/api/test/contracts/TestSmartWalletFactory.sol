// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// TEST ONLY (compiled by src/modules/accounts/wallet-contract-sign-in.test.ts, never deployed by the app).

import {TestSmartWallet} from "./TestSmartWallet.sol";

/// Deploys TestSmartWallets at addresses known before deployment (CREATE2), as smart-account
/// factories do: an ERC-6492 signature names this factory and the call that deploys the wallet.
contract TestSmartWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new TestSmartWallet{salt: salt}(owner));
    }

    function predict(address owner, bytes32 salt) external view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(TestSmartWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }
}
