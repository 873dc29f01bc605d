// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";

/// @title UnitStaking
/// @notice Stake container-house unit tokens (ERC1155, one unit per call) and earn the reward token.
///
/// Reward formula. Each unit type has a price in reward-token base units (18 decimals) set by the
/// owner; a staked unit keeps the price it was staked at. A user's staked value V is the sum of
/// those prices. The APR is in basis points (2600 = 26 %). Rewards accrue per second:
///
///     reward(t0, t1) = V * A(t0, t1) / (10_000 * 365 days)
///
/// where A(t0, t1) = sum over the APR history of aprBps * seconds spent at that APR within
/// [t0, t1). With a constant APR this is V * aprBps * (t1 - t0) / (10_000 * 31_536_000), rounded
/// down. A user's accrual is settled (rounded down) whenever they stake, unstake or claim, so an
/// APR change by the owner applies from the second it is made, never retroactively.
///
/// earnedYesterday(user): the reward accrued by the user's stake during the previous whole UTC day
/// [todayStart - 1 days, todayStart), todayStart = block.timestamp - block.timestamp % 1 days,
/// computed with the same formula over each stretch of that day in which the user's staked value
/// was constant (each stretch rounded down). It does not depend on claims.
contract UnitStaking is ERC1155Holder, Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;
    using EnumerableSet for EnumerableSet.UintSet;

    uint256 public constant BPS = 10_000;
    uint256 public constant YEAR = 365 days;
    uint256 public constant DEFAULT_APR_BPS = 2_600;
    uint256 public constant MAX_APR_BPS = 100_000;

    IERC1155 public immutable units;
    IERC20 public immutable rewardToken;

    /// @dev A point of the APR history: from `time` on the APR is `aprBps`; `acc` = A(deploy, time).
    struct AprCheckpoint {
        uint64 time;
        uint32 aprBps;
        uint256 acc;
    }

    /// @dev A point of a user's stake history: from `time` on their staked value is `value`.
    struct ValueCheckpoint {
        uint64 time;
        uint256 value;
    }

    struct UserState {
        uint256 units;
        uint256 value;
        uint256 accrued;
        uint256 accSnapshot;
        uint64 lastUpdate;
        uint256 claimed;
    }

    AprCheckpoint[] private _aprHistory;
    mapping(address => ValueCheckpoint[]) private _valueHistory;
    mapping(address => UserState) private _users;
    mapping(address => mapping(uint256 => uint256)) private _stakedAmount;
    mapping(address => mapping(uint256 => uint256)) private _stakedValue;
    mapping(address => EnumerableSet.UintSet) private _stakedIds;

    /// @notice Reward-token price of one unit of each type id (18 decimals); 0 = not stakeable.
    mapping(uint256 => uint256) public unitPrice;
    /// @notice Units staked by everyone.
    uint256 public totalStakedAll;
    /// @notice Sum of the staked values of everyone.
    uint256 public totalStakedValue;
    /// @notice Reward paid out by claims, all users.
    uint256 public totalClaimed;
    /// @notice Reward deposited and not yet claimed.
    uint256 public rewardPool;

    error NotStakeable(uint256 id);
    error NothingStaked(uint256 id);
    error NothingToClaim();
    error InsufficientRewardPool(uint256 requested, uint256 available);
    error AprTooHigh(uint256 aprBps, uint256 max);
    error ZeroAmount();
    error UnexpectedTransfer(address token, address operator);

    event Staked(address indexed user, uint256 indexed id, uint256 value);
    event Unstaked(address indexed user, uint256 indexed id, uint256 value);
    event Claimed(address indexed user, uint256 amount);
    event AprChanged(uint256 oldAprBps, uint256 newAprBps);
    event RewardDeposited(address indexed from, uint256 amount);
    event UnitPriceSet(uint256 indexed id, uint256 price);

    constructor(address owner_, IERC1155 units_, IERC20 rewardToken_) Ownable(owner_) {
        units = units_;
        rewardToken = rewardToken_;
        _aprHistory.push(AprCheckpoint(uint64(block.timestamp), uint32(DEFAULT_APR_BPS), 0));
    }

    // ----- owner -----

    /// @notice Sets the APR in basis points, effective from this block on.
    function setApr(uint256 aprBps) external onlyOwner {
        if (aprBps > MAX_APR_BPS) revert AprTooHigh(aprBps, MAX_APR_BPS);
        uint256 acc = _accAt(block.timestamp);
        AprCheckpoint storage last = _aprHistory[_aprHistory.length - 1];
        uint256 old = last.aprBps;
        if (last.time == block.timestamp) {
            last.aprBps = uint32(aprBps);
        } else {
            _aprHistory.push(AprCheckpoint(uint64(block.timestamp), uint32(aprBps), acc));
        }
        emit AprChanged(old, aprBps);
    }

    /// @notice Sets the price of a unit type for units staked from now on.
    function setUnitPrice(uint256 id, uint256 price) external onlyOwner {
        unitPrice[id] = price;
        emit UnitPriceSet(id, price);
    }

    /// @notice Moves `amount` reward tokens from the owner into the reward pool (needs an allowance).
    function depositReward(uint256 amount) external onlyOwner nonReentrant {
        if (amount == 0) revert ZeroAmount();
        rewardPool += amount;
        rewardToken.safeTransferFrom(msg.sender, address(this), amount);
        emit RewardDeposited(msg.sender, amount);
    }

    // ----- users -----

    /// @notice Stakes one unit of type `id` (needs setApprovalForAll on the unit contract).
    function stake(uint256 id) external nonReentrant {
        uint256 price = unitPrice[id];
        if (price == 0) revert NotStakeable(id);
        UserState storage user = _settle(msg.sender);
        user.units += 1;
        user.value += price;
        _stakedAmount[msg.sender][id] += 1;
        _stakedValue[msg.sender][id] += price;
        _stakedIds[msg.sender].add(id);
        totalStakedAll += 1;
        totalStakedValue += price;
        _recordValue(msg.sender, user.value);
        units.safeTransferFrom(msg.sender, address(this), id, 1, "");
        emit Staked(msg.sender, id, price);
    }

    /// @notice Unstakes one unit of type `id`; only the caller's own stake can be unstaked.
    function unstake(uint256 id) external nonReentrant {
        uint256 count = _stakedAmount[msg.sender][id];
        if (count == 0) revert NothingStaked(id);
        UserState storage user = _settle(msg.sender);
        // Each staked unit keeps its stake-time price; take the average so the last one empties it.
        uint256 value = _stakedValue[msg.sender][id] / count;
        if (count == 1) {
            value = _stakedValue[msg.sender][id];
            _stakedIds[msg.sender].remove(id);
        }
        user.units -= 1;
        user.value -= value;
        _stakedAmount[msg.sender][id] = count - 1;
        _stakedValue[msg.sender][id] -= value;
        totalStakedAll -= 1;
        totalStakedValue -= value;
        _recordValue(msg.sender, user.value);
        units.safeTransferFrom(address(this), msg.sender, id, 1, "");
        emit Unstaked(msg.sender, id, value);
    }

    /// @notice Pays the caller's whole pending reward from the reward pool.
    function claim() external nonReentrant {
        UserState storage user = _settle(msg.sender);
        uint256 amount = user.accrued;
        if (amount == 0) revert NothingToClaim();
        if (amount > rewardPool) revert InsufficientRewardPool(amount, rewardPool);
        user.accrued = 0;
        user.claimed += amount;
        totalClaimed += amount;
        rewardPool -= amount;
        rewardToken.safeTransfer(msg.sender, amount);
        emit Claimed(msg.sender, amount);
    }

    // ----- views (names from owned-assets.md §7.10) -----

    function getApr() external view returns (uint256) {
        return _aprHistory[_aprHistory.length - 1].aprBps;
    }

    function pendingReward(address account) public view returns (uint256) {
        UserState storage user = _users[account];
        return user.accrued + _reward(user.value, user.accSnapshot, _accAt(block.timestamp));
    }

    function getStakedAmount(address account, uint256 id) external view returns (uint256) {
        return _stakedAmount[account][id];
    }

    /// @notice Units staked by `account`, all types.
    function totalNFTStaked(address account) external view returns (uint256) {
        return _users[account].units;
    }

    /// @notice Type ids `account` has at least one unit staked of.
    function stakedIds(address account) public view returns (uint256[] memory) {
        return _stakedIds[account].values();
    }

    /// @notice Type ids `account` has staked and how many units of each.
    function getListNFTStaking(address account) external view returns (uint256[] memory ids, uint256[] memory amounts) {
        ids = stakedIds(account);
        amounts = new uint256[](ids.length);
        for (uint256 i = 0; i < ids.length; i++) {
            amounts[i] = _stakedAmount[account][ids[i]];
        }
    }

    function getUserInfo(address account)
        external
        view
        returns (uint256 unitsStaked, uint256 stakedValue, uint256 pending, uint256 lastUpdate, uint256 claimed)
    {
        UserState storage user = _users[account];
        return (user.units, user.value, pendingReward(account), user.lastUpdate, user.claimed);
    }

    /// @notice Reward accrued during the previous whole UTC day (see the contract notice).
    function earnedYesterday(address account) external view returns (uint256 earned) {
        uint256 todayStart = block.timestamp - (block.timestamp % 1 days);
        uint256 yesterdayStart = todayStart - 1 days;
        ValueCheckpoint[] storage history = _valueHistory[account];
        uint256 next = type(uint256).max;
        for (uint256 i = history.length; i > 0; i--) {
            ValueCheckpoint storage point = history[i - 1];
            uint256 from = point.time > yesterdayStart ? point.time : yesterdayStart;
            uint256 to = next < todayStart ? next : todayStart;
            if (from < to) earned += _reward(point.value, _accAt(from), _accAt(to));
            if (point.time <= yesterdayStart) break;
            next = point.time;
        }
    }

    // ----- internals -----

    /// @dev A(deploy, t): the APR integral in bps·seconds.
    function _accAt(uint256 t) internal view returns (uint256) {
        for (uint256 i = _aprHistory.length; i > 0; i--) {
            AprCheckpoint storage point = _aprHistory[i - 1];
            if (point.time <= t) return point.acc + uint256(point.aprBps) * (t - point.time);
        }
        return 0;
    }

    function _reward(uint256 value, uint256 accFrom, uint256 accTo) internal pure returns (uint256) {
        return (value * (accTo - accFrom)) / (BPS * YEAR);
    }

    function _settle(address account) internal returns (UserState storage user) {
        user = _users[account];
        uint256 acc = _accAt(block.timestamp);
        user.accrued += _reward(user.value, user.accSnapshot, acc);
        user.accSnapshot = acc;
        user.lastUpdate = uint64(block.timestamp);
    }

    function _recordValue(address account, uint256 value) internal {
        ValueCheckpoint[] storage history = _valueHistory[account];
        if (history.length > 0 && history[history.length - 1].time == block.timestamp) {
            history[history.length - 1].value = value;
        } else {
            history.push(ValueCheckpoint(uint64(block.timestamp), value));
        }
    }

    /// @dev Only units moved by this contract itself (stake) are accepted; stray transfers revert.
    function onERC1155Received(address operator, address, uint256, uint256, bytes memory)
        public
        view
        override
        returns (bytes4)
    {
        if (msg.sender != address(units) || operator != address(this)) revert UnexpectedTransfer(msg.sender, operator);
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address operator, address, uint256[] memory, uint256[] memory, bytes memory)
        public
        view
        override
        returns (bytes4)
    {
        revert UnexpectedTransfer(msg.sender, operator);
    }
}
