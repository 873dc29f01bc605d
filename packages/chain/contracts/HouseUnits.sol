// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title HouseUnits
/// @notice Container-house unit tokens: ERC1155 ids 1..5 are Type 1..Type 5. Each type has a
///         supply cap fixed at deploy; minting past it reverts with SupplyCapExceeded.
contract HouseUnits is ERC1155, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    uint256 public constant TYPE_COUNT = 5;

    /// @notice Cap per type id (index 0 unused).
    uint256[TYPE_COUNT + 1] private _caps;
    /// @notice Minted so far per type id (index 0 unused).
    uint256[TYPE_COUNT + 1] private _minted;

    error UnknownUnitType(uint256 id);
    error SupplyCapExceeded(uint256 id, uint256 cap, uint256 mintedAfter);

    event UriChanged(string uri);

    constructor(address admin, string memory uri_, uint256[TYPE_COUNT] memory caps) ERC1155(uri_) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        for (uint256 i = 0; i < TYPE_COUNT; i++) {
            _caps[i + 1] = caps[i];
        }
    }

    function mint(address to, uint256 id, uint256 amount) external onlyRole(MINTER_ROLE) {
        if (id == 0 || id > TYPE_COUNT) revert UnknownUnitType(id);
        uint256 mintedAfter = _minted[id] + amount;
        if (mintedAfter > _caps[id]) revert SupplyCapExceeded(id, _caps[id], mintedAfter);
        _minted[id] = mintedAfter;
        _mint(to, id, amount, "");
    }

    function setURI(string calldata uri_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setURI(uri_);
        emit UriChanged(uri_);
    }

    function supplyCap(uint256 id) external view returns (uint256) {
        if (id == 0 || id > TYPE_COUNT) revert UnknownUnitType(id);
        return _caps[id];
    }

    function totalMinted(uint256 id) external view returns (uint256) {
        if (id == 0 || id > TYPE_COUNT) revert UnknownUnitType(id);
        return _minted[id];
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, AccessControl) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
