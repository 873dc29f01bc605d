// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ServerMintedNFT} from "./ServerMintedNFT.sol";

/// @title ShipNFT
/// @notice A Starport ship as an NFT; the token id is the ship's asset id on the server.
contract ShipNFT is ServerMintedNFT {
    constructor(address admin, string memory baseURI_) ServerMintedNFT("Starport Ship", "SHIP", admin, baseURI_) {}
}
