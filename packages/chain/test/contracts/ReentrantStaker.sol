// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// TEST ONLY (compiled by test/staking-reentrancy.test.ts, never generated or deployed by the app):
// a staker whose ERC1155 receive hook re-enters UnitStaking.unstake while its unstake is running.

interface IUnitStaking {
    function stake(uint256 id) external;
    function unstake(uint256 id) external;
}

interface IUnitApproval {
    function setApprovalForAll(address operator, bool approved) external;
}

contract ReentrantStaker {
    IUnitStaking private immutable _staking;
    bool private _attacking;

    constructor(IUnitStaking staking, IUnitApproval units) {
        _staking = staking;
        units.setApprovalForAll(address(staking), true);
    }

    function stakeUnit(uint256 id) external {
        _staking.stake(id);
    }

    function attack(uint256 id) external {
        _attacking = true;
        _staking.unstake(id);
        _attacking = false;
    }

    function onERC1155Received(address, address, uint256 id, uint256, bytes calldata) external returns (bytes4) {
        if (_attacking) {
            _attacking = false;
            _staking.unstake(id);
        }
        return this.onERC1155Received.selector;
    }

    function supportsInterface(bytes4) external pure returns (bool) {
        return true;
    }
}
