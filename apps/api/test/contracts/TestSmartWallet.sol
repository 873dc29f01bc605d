// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// TEST ONLY (compiled by src/modules/accounts/wallet-contract-sign-in.test.ts, never deployed by
// the app): a contract wallet, as smart-account wallets are, that approves a signed hash through
// ERC-1271 when its owner key signed it.

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

contract TestSmartWallet is IERC1271 {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes memory signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError problem, ) = ECDSA.tryRecover(hash, signature);
        if (problem == ECDSA.RecoverError.NoError && signer == owner) return IERC1271.isValidSignature.selector;
        return 0xffffffff;
    }
}
