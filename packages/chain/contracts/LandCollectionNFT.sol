// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ServerMintedNFT} from "./ServerMintedNFT.sol";

/// @title LandCollectionNFT
/// @notice A minted land collection; the token id is the collection's uriid on the server.
contract LandCollectionNFT is ServerMintedNFT {
    constructor(address admin, string memory baseURI_)
        ServerMintedNFT("Starport Land Collection", "LAND", admin, baseURI_)
    {}
}
